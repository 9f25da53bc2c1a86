import { loadConfig } from '../../src/config/env';

const valid = {
  DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:5432/gateway',
  SECRETS_KEY: 'ab'.repeat(32),
  HD_MNEMONIC: 'test test test test test test test test test test test junk',
  BANKROLL_PRIVATE_KEY: '0x' + '11'.repeat(32),
};

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
  });

  it('When CHAIN_RPC_URLS lists chains, Then each chain id maps to its URL', () => {
    const c = loadConfig({ ...valid, CHAIN_RPC_URLS: '31337=http://127.0.0.1:8545, 8453=https://rpc.example.org/x' });
    expect(c.CHAIN_RPC_URLS).toEqual({ 31337: 'http://127.0.0.1:8545', 8453: 'https://rpc.example.org/x' });
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['SECRETS_KEY', 'short'],
    ['BANKROLL_PRIVATE_KEY', '0x1234'],
    ['HD_MNEMONIC', 'one two three'],
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
});
