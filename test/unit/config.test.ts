import { ChainProviders } from '../../src/adapters/chains';
import { publicKeysOf } from '../../src/adapters/hd-wallet';
import { loadConfig } from '../../src/config/env';
import { loadSigningKeys, withoutSigningKeys } from '../../src/config/signing-keys';

const valid = {
  DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:5432/gateway',
  SECRETS_KEY: 'ab'.repeat(32),
  BANKROLL_ADDRESS: '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A',
  DEPOSIT_XPUB: 'xpub6DyUKdwoLWmUJ4Tn9Bbsdtx7B5Ws18mEN19e5HT52ikE53FiUheSQXrZUNPovqfyKmw4579A1Mm3GXXKM39N64uooBfJ4tNAzFsEbodRTx4',
};
// The secrets whose public half `valid` carries (the well-known development mnemonic, a throwaway key).
const keys = { HD_MNEMONIC: 'test test test test test test test test test test test junk', BANKROLL_PRIVATE_KEY: '0x' + '11'.repeat(32) };

describe('loadConfig', () => {
  it('When only the required variables are set, Then the contract defaults apply', () => {
    const c = loadConfig(valid);
    expect(c.PORT).toBe(3000);
    expect(c.SESSION_TTL_SECONDS).toBe(3600);
    expect(c.WITHDRAW_REQUEST_TTL_SECONDS).toBe(86400);
    expect(c.HEADLESS_INTENT_TTL_SECONDS).toBe(86400);
    expect(c.WEBHOOK_RETRY_DELAYS_SECONDS).toEqual([30, 120, 600, 3600, 21600]);
    expect(c.WEBHOOK_TIMEOUT_MS).toBe(10000);
    expect(c.HELD_APPROVAL_RETRY_SECONDS).toBe(300);
    expect(c.CHAIN_POLL_MS).toBe(1000);
    expect(c.CHAIN_RPC_URLS).toEqual({});
    expect([c.PRICE_MAX_AGE_SECONDS, c.PRICE_HEARTBEAT_MARGIN_SECONDS, c.PRICE_SEQUENCER_GRACE_SECONDS, c.PRICE_READ_TIMEOUT_MS]).toEqual([3600, 600, 3600, 3000]);
  });

  it('When CHAIN_RPC_URLS lists chains, Then each chain id maps to its URL', () => {
    const c = loadConfig({ ...valid, CHAIN_RPC_URLS: '31337=http://127.0.0.1:8545, 8453=https://rpc.example.org/x' });
    expect(c.CHAIN_RPC_URLS).toEqual({ 31337: ['http://127.0.0.1:8545'], 8453: ['https://rpc.example.org/x'] });
  });

  it('When a CHAIN_RPC_URLS entry names several URLs with |, Then they are its endpoints in order; the RPC defaults apply', () => {
    const c = loadConfig({ ...valid, CHAIN_RPC_URLS: '8453=https://a.example/KEY-A|https://b.example/KEY-B,1=https://c.example' });
    expect(c.CHAIN_RPC_URLS).toEqual({ 8453: ['https://a.example/KEY-A', 'https://b.example/KEY-B'], 1: ['https://c.example'] });
    expect(c.CHAIN_LOGS_MAX_BLOCKS).toBe(2000);
    expect(c.CHAIN_RPC_TIMEOUT_MS).toBe(5000);
    expect(c.CHAIN_READ_TIMEOUT_MS).toBe(3000);
    expect(ChainProviders.fromConfig(loadConfig({ ...valid, CHAIN_READ_TIMEOUT_MS: '450' })).readTimeoutMs).toBe(450);
  });

  it.each(['8453=https://a.example/KEY-A|', '8453=https://a.example/KEY-A|ftp://b.example/KEY-B', '8453=|https://a.example/KEY-A'])(
    'When the CHAIN_RPC_URLS entry %p has an empty or non-http endpoint, Then loading fails naming the chain, never the URL',
    (value) => {
      expect(() => loadConfig({ ...valid, CHAIN_RPC_URLS: value })).toThrow(/CHAIN_RPC_URLS: .*in the entry of chain 8453/);
      expect(() => loadConfig({ ...valid, CHAIN_RPC_URLS: value })).not.toThrow(/KEY-A/);
    },
  );

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['SECRETS_KEY', 'short'],
    ['BANKROLL_ADDRESS', '0x1234'],
    ['DEPOSIT_XPUB', 'xprv-is-not-public'],
    ['WEBHOOK_RETRY_DELAYS_SECONDS', '1,2,3,4'],
    ['WEBHOOK_TIMEOUT_MS', '-5'],
    ['CHAIN_RPC_URLS', '31337:http://x'],
    ['TEMPORAL_ADDRESS', 'no-port'],
    ['LOG_LEVEL', 'loud'],
    ['FX_RATES', 'EUR:0.92'],
  ])('When %s is %p, Then loading fails naming that variable', (name, value) => {
    expect(() => loadConfig({ ...valid, [name]: value })).toThrow(new RegExp(`^Invalid environment:[\\s\\S]*\\b${name}\\b`));
  });

  it('When a secret is malformed, Then the message does not echo its value', () => {
    const secret = 'zz'.repeat(32);
    expect(() => loadConfig({ ...valid, SECRETS_KEY: secret })).toThrow(/SECRETS_KEY/);
    try {
      loadConfig({ ...valid, SECRETS_KEY: secret });
    } catch (err) {
      expect(String(err)).not.toContain(secret);
    }
  });

  it('When a required variable is missing, Then loading fails naming it', () => {
    const { DATABASE_URL: _omit, ...rest } = valid;
    expect(() => loadConfig(rest)).toThrow(/DATABASE_URL/);
  });

  it('When TEST_PAUSE_BEFORE_BROADCAST_MS is set outside tests, Then loading fails naming it; under NODE_ENV=test it loads', () => {
    for (const NODE_ENV of ['development', 'production']) {
      expect(() => loadConfig({ ...valid, NODE_ENV, TEST_PAUSE_BEFORE_BROADCAST_MS: '3000' })).toThrow(/TEST_PAUSE_BEFORE_BROADCAST_MS: only allowed with NODE_ENV=test/);
    }
    expect(() => loadConfig({ ...valid, TEST_PAUSE_BEFORE_BROADCAST_MS: '3000' })).toThrow(/TEST_PAUSE_BEFORE_BROADCAST_MS/);
    expect(loadConfig({ ...valid, NODE_ENV: 'test', TEST_PAUSE_BEFORE_BROADCAST_MS: '3000' }).TEST_PAUSE_BEFORE_BROADCAST_MS).toBe(3000);
    expect(loadConfig({ ...valid, NODE_ENV: 'production', METRICS_TOKEN: 'a'.repeat(32), TEST_PAUSE_BEFORE_BROADCAST_MS: '0' }).TEST_PAUSE_BEFORE_BROADCAST_MS).toBe(0);
  });
});

describe('metrics exposure', () => {
  it('When NODE_ENV=production has no METRICS_TOKEN, Then loading (and so the start) fails naming it; the worker metrics listen on loopback by default', () => {
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production' })).toThrow(/METRICS_TOKEN: required with NODE_ENV=production/);
    expect(loadConfig({ ...valid, NODE_ENV: 'production', METRICS_TOKEN: 'a'.repeat(32) }).METRICS_TOKEN).toBe('a'.repeat(32));
    expect(loadConfig(valid).WORKER_METRICS_HOST).toBe('127.0.0.1');
  });
});

describe('TRON configuration', () => {
  it('When FX_RATES is set with NODE_ENV=production, Then loading fails naming it: fixed rates are for dev and tests', () => {
    expect(() => loadConfig({ ...valid, NODE_ENV: 'production', FX_RATES: 'EUR=0.92' })).toThrow(/FX_RATES: fixed rates are for dev and tests/);
    expect(loadConfig({ ...valid, NODE_ENV: 'production', METRICS_TOKEN: 'a'.repeat(32) }).FX_RATES).toEqual({});
    expect(loadConfig({ ...valid, FX_RATES: 'EUR=0.92' }).FX_RATES.EUR?.toString()).toBe('0.92');
  });

  it('When TRON_RPC_URLS names a chain without TRON_DEPOSIT_XPUB, Then loading fails naming it; with it, the URL is parsed', () => {
    expect(() => loadConfig({ ...valid, TRON_RPC_URLS: '1000195=http://127.0.0.1:9090' })).toThrow(/TRON_DEPOSIT_XPUB: required when TRON_RPC_URLS is set/);
    const xpub = publicKeysOf(keys).TRON_DEPOSIT_XPUB;
    expect(loadConfig({ ...valid, TRON_RPC_URLS: '1000195=http://127.0.0.1:9090', TRON_DEPOSIT_XPUB: xpub }).TRON_RPC_URLS).toEqual({ 1000195: ['http://127.0.0.1:9090'] });
    expect(loadConfig(valid).TRON_RPC_URLS).toEqual({});
  });
});

describe('loadSigningKeys (worker only)', () => {
  it('When the keys match the public half, Then they load', () => {
    const config = loadConfig(valid);
    expect(loadSigningKeys(keys, config)).toEqual(keys);
    expect(publicKeysOf(keys)).toEqual({ BANKROLL_ADDRESS: config.BANKROLL_ADDRESS, DEPOSIT_XPUB: config.DEPOSIT_XPUB, TRON_DEPOSIT_XPUB: expect.stringMatching(/^xpub/) });
    expect(loadSigningKeys(keys, loadConfig({ ...valid, TRON_DEPOSIT_XPUB: publicKeysOf(keys).TRON_DEPOSIT_XPUB }))).toEqual(keys);
  });

  it.each([
    ['BANKROLL_PRIVATE_KEY', '0x1234'],
    ['HD_MNEMONIC', 'one two three'],
  ])('When %s is %p, Then loading fails naming it and never echoes it', (name, value) => {
    expect(() => loadSigningKeys({ ...keys, [name]: value }, loadConfig(valid))).toThrow(new RegExp(`^Invalid environment:[\\s\\S]*\\b${name}\\b`));
  });

  it('When a key is another than the public half names, Then loading fails naming the mismatch, not the key', () => {
    const other = { ...keys, BANKROLL_PRIVATE_KEY: '0x' + '22'.repeat(32) };
    expect(() => loadSigningKeys(other, loadConfig(valid))).toThrow(/BANKROLL_ADDRESS: does not match the signing keys/);
    const seed = { ...keys, HD_MNEMONIC: 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about' };
    expect(() => loadSigningKeys(seed, loadConfig(valid))).toThrow(/DEPOSIT_XPUB: does not match the signing keys/);
    const tronOfOtherSeed = publicKeysOf(seed).TRON_DEPOSIT_XPUB;
    expect(() => loadSigningKeys(keys, loadConfig({ ...valid, TRON_DEPOSIT_XPUB: tronOfOtherSeed }))).toThrow(/TRON_DEPOSIT_XPUB: does not match the signing keys/);
    try {
      loadSigningKeys(other, loadConfig(valid));
    } catch (err) {
      expect(String(err)).not.toContain('22'.repeat(32));
    }
  });

  it('When an environment is made for a process that does not sign, Then it holds no signing key', () => {
    expect(withoutSigningKeys({ ...valid, ...keys })).toEqual(valid);
  });
});
