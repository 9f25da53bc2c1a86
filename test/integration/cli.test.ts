import { Contract, JsonRpcProvider } from 'ethers';
import { decryptSecret } from '../../src/domain/credentials';
import { runCliProcess } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const cli = (...args: string[]) => runCliProcess(args, ctx.env);

/** CONTRACT §2: stdout is exactly one JSON object, whatever happens. */
function expectOneJsonObject(stdout: string) {
  const lines = stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const parsed = JSON.parse(lines[0]!);
  expect(parsed).toEqual(expect.any(Object));
  expect(Array.isArray(parsed)).toBe(false);
}

async function authenticates(apiKey: string): Promise<number> {
  // With a valid key the guard passes and the (not yet built) route answers; with a bad one, 401.
  return (await http(ctx.apiUrl, 'POST', '/session/deposit', { token: apiKey, json: {} })).status;
}

describe('operator create / update', () => {
  let created: { id: string; apiKey: string; webhookSecret: string };

  beforeAll(async () => {
    const r = await cli(
      'operator', 'create', '--name', 'Lucky Games', '--webhook-url', 'http://127.0.0.1:9/hook', '--fiat', 'EUR',
      '--approval-mode', 'external', '--auto-release', '--headless', '--max-amount', '500', '--daily-max-amount', '2000.50',
      '--return-url', 'https://lucky.example/return', '--min-amount', '5', '--max-session-amount', '1000',
      '--frame-origin', 'https://lucky.example', '--frame-origin', 'http://localhost:8080',
    );
    expect(r.code).toBe(0);
    expectOneJsonObject(r.stdout);
    created = r.json;
  });

  it('When an operator is created, Then it prints id, apiKey and webhookSecret, and the settings are stored', async () => {
    expect(Object.keys(created).sort()).toEqual(['apiKey', 'id', 'webhookSecret']);
    const row = await ctx.db.operator.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({
      name: 'Lucky Games', webhookUrl: 'http://127.0.0.1:9/hook', platformFiatDefault: 'EUR', approvalMode: 'EXTERNAL',
      autoRelease: true, headlessEnabled: true, returnUrl: 'https://lucky.example/return', status: 'ACTIVE',
      frameOrigins: ['https://lucky.example', 'http://localhost:8080'],
    });
    expect(row.withdrawApprovalMaxAmount?.toFixed(2)).toBe('500.00');
    expect(row.withdrawApprovalDailyMaxAmount?.toFixed(2)).toBe('2000.50');
    expect(row.minAmount?.toFixed(2)).toBe('5.00');
    expect(row.maxSessionAmount?.toFixed(2)).toBe('1000.00');
  });

  it.each(['https://lucky.example/', 'https://lucky.example/embed', 'ftp://lucky.example', '*'])('When --frame-origin is %p (not an origin), Then usage error 2 and nothing changes', async (bad) => {
    const r = await cli('operator', 'update', created.id, '--frame-origin', bad);
    expect(r.code).toBe(2);
    expect(r.json.error).toContain('--frame-origin');
    expect((await ctx.db.operator.findUniqueOrThrow({ where: { id: created.id } })).frameOrigins).toEqual(['https://lucky.example', 'http://localhost:8080']);
  });

  it('When the row is read back, Then neither the key nor the secret is stored in plaintext', async () => {
    const [row] = await ctx.db.$queryRaw<Array<Record<string, unknown>>>`SELECT * FROM "Operator" WHERE id = ${created.id}::uuid`;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(created.apiKey);
    expect(stored).not.toContain(created.apiKey.slice('gw_0123456789abcdef_'.length));
    expect(stored).not.toContain(created.webhookSecret);
    expect(decryptSecret(String(row!.webhookSecretEnc), ctx.config.SECRETS_KEY)).toBe(created.webhookSecret);
  });

  it('When the printed key is used, Then it authenticates', async () => {
    expect(await authenticates(created.apiKey)).not.toBe(401);
  });

  it('When the key is rotated, Then the new key works and the old one gets 401', async () => {
    const r = await cli('operator', 'update', created.id, '--rotate-key');
    expect(r.code).toBe(0);
    expectOneJsonObject(r.stdout);
    expect(r.json.apiKey).toMatch(/^gw_/);
    expect(r.json.webhookSecret).toBeUndefined();
    expect(await authenticates(created.apiKey)).toBe(401);
    expect(await authenticates(r.json.apiKey)).not.toBe(401);
    created.apiKey = r.json.apiKey;
  });

  it('When the webhook secret is rotated and the operator deactivated, Then the new secret is printed and stored encrypted', async () => {
    const r = await cli('operator', 'update', created.id, '--rotate-webhook-secret', '--status', 'inactive');
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ id: created.id, status: 'INACTIVE', hasWebhookSecret: true });
    expect(r.json.webhookSecret).toMatch(/^whsec_/);
    expect(r.json).not.toHaveProperty('apiKeyHash');
    const row = await ctx.db.operator.findUniqueOrThrow({ where: { id: created.id } });
    expect(decryptSecret(row.webhookSecretEnc!, ctx.config.SECRETS_KEY)).toBe(r.json.webhookSecret);
    expect((await http(ctx.apiUrl, 'POST', '/session/deposit', { token: created.apiKey, json: {} })).status).toBe(403);
  });

  it('When a sub-operator is created with --parent, Then it points at its parent', async () => {
    const r = await cli('operator', 'create', '--name', 'Lucky Sub', '--parent', created.id, '--inactive');
    expect(r.code).toBe(0);
    const row = await ctx.db.operator.findUniqueOrThrow({ where: { id: r.json.id } });
    expect(row.parentId).toBe(created.id);
    expect(row.status).toBe('INACTIVE');
  });

  it.each([
    [['operator', 'create'], /--name/],
    [['operator', 'create', '--name', 'X', '--fiat', 'euro'], /--fiat/],
    [['operator', 'create', '--name', 'X', '--max-amount', '1.234'], /--max-amount/],
    [['operator', 'create', '--name', 'X', '--bogus'], /bogus/],
    [['operator', 'create', '--name', 'X', '--parent', '00000000-0000-4000-8000-000000000000'], /parent/],
    [['operator', 'update', '00000000-0000-4000-8000-000000000000', '--name', 'Y'], /not found/],
    [['frobnicate'], /usage/],
  ])('When called as %p, Then it fails with one JSON error object and writes nothing', async (args, message) => {
    const before = await ctx.db.operator.count();
    const r = await cli(...args);
    expect(r.code).not.toBe(0);
    expectOneJsonObject(r.stdout);
    expect(r.json.error).toMatch(message);
    expect(await ctx.db.operator.count()).toBe(before);
  });
});

describe('admin create', () => {
  it('When an admin is created, Then it prints its id and can log in with that password only', async () => {
    const r = await cli('admin', 'create', '--email', 'Support@Example.com', '--password', 'support-pass-1', '--role', 'SUPPORT');
    expect(r.code).toBe(0);
    expectOneJsonObject(r.stdout);
    expect(Object.keys(r.json)).toEqual(['id']);
    const row = await ctx.db.admin.findUniqueOrThrow({ where: { id: r.json.id } });
    expect(row.passwordHash).not.toContain('support-pass-1');
    const ok = await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'support@example.com', password: 'support-pass-1' } });
    expect(ok.status).toBe(200);
    expect(ok.body.role).toBe('SUPPORT');
    const bad = await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'support@example.com', password: 'support-pass-2' } });
    expect(bad.status).toBe(401);
  });

  it('When the role is unknown or the email taken, Then it fails with a JSON error', async () => {
    const badRole = await cli('admin', 'create', '--email', 'a@example.com', '--password', 'long-enough', '--role', 'ROOT');
    expect(badRole.code).not.toBe(0);
    expect(badRole.json.error).toMatch(/role/);
    await cli('admin', 'create', '--email', 'dup@example.com', '--password', 'long-enough', '--role', 'ADMIN');
    const dup = await cli('admin', 'create', '--email', 'dup@example.com', '--password', 'long-enough', '--role', 'ADMIN');
    expect(dup.code).not.toBe(0);
    expect(dup.json.error).toMatch(/already exists/);
  });
});

describe('dev commands', () => {
  const erc20 = ['function balanceOf(address) view returns (uint256)'];
  const feedAbi = ['function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)'];
  let provider: JsonRpcProvider;
  beforeAll(() => {
    provider = new JsonRpcProvider(ctx.services.chainNodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  });
  afterAll(() => provider.destroy());

  it('When dev fund sends USDC, Then the address holds it on chain and a txHash is printed', async () => {
    const to = '0x000000000000000000000000000000000000dEaD';
    const usdc = ctx.services.registry.tokens.find((t) => t.symbol === 'USDC')!;
    const token = new Contract(usdc.address, erc20, provider);
    const before: bigint = await token.getFunction('balanceOf')(to);
    const r = await cli('dev', 'fund', '--address', to, '--token', 'USDC', '--amount', '12.5');
    expect(r.code).toBe(0);
    expect(r.json.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await token.getFunction('balanceOf')(to)) - before).toBe(12_500_000n);
  });

  it('When dev mine runs, Then the block number grows by the count', async () => {
    const before = await provider.getBlockNumber();
    const r = await cli('dev', 'mine', '--blocks', '3');
    expect(r.code).toBe(0);
    expect(r.json.blockNumber).toBe(before + 3);
  });

  it('When dev price moves a feed, Then the feed answers the new price at 8 decimals', async () => {
    const r = await cli('dev', 'price', '--symbol', 'WETH', '--usd', '3123.45');
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ symbol: 'WETH', usd: '3123.45' });
    const weth = ctx.services.registry.tokens.find((t) => t.symbol === 'WETH')!;
    const [, answer] = await new Contract(weth.priceFeed, feedAbi, provider).getFunction('latestRoundData')();
    expect(answer).toBe(312_345_000_000n);
  });

  it('When dev price runs with --age, Then the new round is stamped that many seconds in the past', async () => {
    const r = await cli('dev', 'price', '--symbol', 'WETH', '--usd', '3000', '--age', '18000');
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ symbol: 'WETH', usd: '3000' });
    const weth = ctx.services.registry.tokens.find((t) => t.symbol === 'WETH')!;
    const [, answer, , updatedAt] = await new Contract(weth.priceFeed, feedAbi, provider).getFunction('latestRoundData')();
    expect(answer).toBe(300_000_000_000n);
    // Stamped from the later of the wall clock and the chain's head, both read around the call.
    const head = (await provider.getBlock('latest'))!.timestamp;
    const now = Math.max(head, Math.floor(Date.now() / 1000));
    expect(Number(updatedAt)).toBeLessThanOrEqual(now - 18_000);
    expect(Number(updatedAt)).toBeGreaterThan(now - 18_000 - 600);
    expect((await cli('dev', 'price', '--symbol', 'WETH', '--stale', '--age', '60')).code).toBe(2);
    expect((await cli('dev', 'price', '--symbol', 'WETH', '--usd', '3000', '--age', '-5')).code).toBe(2);
    await cli('dev', 'price', '--symbol', 'WETH', '--usd', '3000');
  });

  it('When dev bankroll runs, Then it lists the bankroll native and token balances', async () => {
    const r = await cli('dev', 'bankroll');
    expect(r.code).toBe(0);
    expect(r.json.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(r.json.balances.map((b: any) => b.symbol).sort()).toEqual(['ETH', 'USDC', 'USDT', 'WETH']);
  });

  it('When gas is drained and restored, Then the bankroll native balance goes to 0 and back', async () => {
    const drained = await cli('dev', 'drain-gas');
    expect(drained.code).toBe(0);
    expect(await provider.getBalance(drained.json.address)).toBe(0n);
    const restored = await cli('dev', 'restore-gas');
    expect(restored.code).toBe(0);
    expect(await provider.getBalance(restored.json.address)).toBeGreaterThan(0n);
  });

  it('When dev rpc --down runs, Then readiness reports the chain down until --up', async () => {
    const down = await cli('dev', 'rpc', '--down');
    try {
      expect(down.json).toEqual({ chainId: 31337, rpc: 'down' });
      expect((await http(ctx.apiUrl, 'GET', '/readyz')).status).toBe(503);
    } finally {
      const up = await cli('dev', 'rpc', '--up');
      expect(up.json).toEqual({ chainId: 31337, rpc: 'up' });
    }
    expect((await http(ctx.apiUrl, 'GET', '/readyz')).status).toBe(200);
  });

  it('When dev price gets neither --usd nor --stale, Then a usage error', async () => {
    const r = await cli('dev', 'price', '--symbol', 'WETH');
    expect(r.code).toBe(2);
    expect(r.json.error).toMatch(/--usd|--stale/);
  });
});
