import { JsonRpcProvider, parseEther, parseUnits, Wallet } from 'ethers';
import { testToken } from '../../dev/devchain/bindings';
import { DEPLOYER_ACCOUNT, DEPOSITOR_ACCOUNT, nodeAccount } from '../../dev/devchain/chain';
import { fund, mine } from '../../dev/devchain/dev-commands';
import { tronFromEvm } from '../../src/adapters/tron-address';
import { createAdmin } from '../../src/provisioning/admins';
import { evmInstanceOf, registerChainInstance } from '../../src/provisioning/chain-instance';
import { createOperator } from '../../src/provisioning/operators';
import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';

let ctx: TestContext;
let provider: JsonRpcProvider;
let adminToken: string;
let bankroll: string;
/** The account `dev fund` sends from: the service team's wallet in these tests. */
let teamWallet: string;

beforeAll(async () => {
  ctx = await createTestContext();
  provider = new JsonRpcProvider(ctx.services.chainNodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  // As a worker does at its start: the books belong to this chain instance.
  await registerChainInstance(ctx.db, 31337, await evmInstanceOf(provider), { retire: false });
  await createAdmin(ctx.db, 'treasury@example.com', 'admin-password', 'SUPPORT');
  adminToken = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'treasury@example.com', password: 'admin-password' } })).body.token;
  bankroll = ctx.config.BANKROLL_ADDRESS;
  teamWallet = await (await nodeAccount(provider, DEPOSITOR_ACCOUNT)).getAddress();
});
afterAll(async () => {
  provider.destroy();
  await ctx.close();
});

const cli = (...args: string[]) => runCli(args, ctx.env);
const reconcile = () => cli('reconcile', '--chain', '31337');
const treasury = () => http(ctx.apiUrl, 'GET', '/admin/treasury', { token: adminToken });
const usdc = () => ctx.services.registry.tokens.find((t) => t.symbol === 'USDC')!;
const kinds = (json: any): string[] => json.differences.map((d: { kind: string }) => d.kind).sort();
const sourceRows = () => ctx.db.treasurySource.count();

/** USDC into the bankroll from an address no one registered: a fresh wallet, given gas and tokens by the deployer. */
async function transferFromStranger(amount: string): Promise<{ from: string; txHash: string }> {
  const deployer = await nodeAccount(provider, DEPLOYER_ACCOUNT);
  const stranger = Wallet.createRandom(provider);
  await (await deployer.sendTransaction({ to: stranger.address, value: parseEther('1') })).wait();
  const raw = parseUnits(amount, usdc().decimals);
  await (await testToken(usdc().address, deployer).mint(stranger.address, raw)).wait();
  const tx = await testToken(usdc().address, stranger).transfer(bankroll, raw);
  await tx.wait();
  return { from: stranger.address, txHash: tx.hash };
}

describe('treasury source add / remove / list: bad input exits 2 with { error } and writes nothing', () => {
  it('When --by, --chain or --address is missing, Then each is named', async () => {
    const address = Wallet.createRandom().address;
    for (const [args, flag] of [
      [['--chain', '31337', '--address', address], '--by'],
      [['--chain', '31337', '--address', address, '--by', '  '], '--by'],
      [['--address', address, '--by', 'alice'], '--chain'],
      [['--chain', '31337', '--by', 'alice'], '--address'],
    ] as const) {
      const r = await cli('treasury', 'source', 'add', ...args);
      expect(r.code).toBe(2);
      expect(r.json.error).toContain(flag);
    }
    expect(await sourceRows()).toBe(0);
  });

  it('When the chain is unknown or the address is not one, Then the source is refused', async () => {
    const address = Wallet.createRandom().address;
    for (const [chain, a, says] of [
      ['999', address, 'chain 999 is not registered'],
      ['31337', '0x1234', 'expected an EVM address'],
      ['31337', '0x' + '0'.repeat(40), 'zero address'],
      ['31337', tronFromEvm(address), 'expected an EVM address'],
      // EIP-55's test vector 0x52908400098527886E0F7030069857D2E4169EE7 with one letter's case changed: a typo.
      ['31337', '0x52908400098527886e0F7030069857D2E4169EE7', 'valid checksum'],
    ]) {
      const r = await cli('treasury', 'source', 'add', '--chain', chain!, '--address', a!, '--by', 'alice');
      expect({ code: r.code, error: r.json.error }).toEqual({ code: 2, error: expect.stringContaining(says!) });
    }
    expect(await sourceRows()).toBe(0);
  });

  it('When the address is the bankroll or one of our deposit addresses, Then it is refused', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Treasury test operator' });
    const { address: depositAddress } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, 'treasury-user');
    const asBankroll = await cli('treasury', 'source', 'add', '--chain', '31337', '--address', bankroll.toLowerCase(), '--by', 'alice');
    expect(asBankroll.code).toBe(2);
    expect(asBankroll.json.error).toContain('bankroll');
    const asDeposit = await cli('treasury', 'source', 'add', '--chain', '31337', '--address', depositAddress, '--by', 'alice');
    expect(asDeposit.code).toBe(2);
    expect(asDeposit.json.error).toContain('deposit address');
    expect(await sourceRows()).toBe(0);
  });

  it('When an address is added twice or removed when not registered, Then the second command is refused; a removal keeps the row', async () => {
    const address = Wallet.createRandom().address;
    const added = await cli('treasury', 'source', 'add', '--chain', '31337', '--address', address.toLowerCase(), '--by', 'alice');
    expect(added.code).toBe(0);
    // Stored in the form the chain type uses (EIP-55), whatever case it was given in.
    expect(added.json).toMatchObject({ chainId: 31337, address, addedBy: 'alice', removedAt: null });
    const again = await cli('treasury', 'source', 'add', '--chain', '31337', '--address', address, '--by', 'bob');
    expect(again.code).toBe(2);
    expect(again.json.error).toContain('already a treasury source of chain 31337 (added by alice');
    expect((await cli('treasury', 'list')).json).toEqual({ sources: [added.json], coldAddresses: [], hotWallets: [] });

    const removed = await cli('treasury', 'source', 'remove', '--chain', '31337', '--address', address, '--by', 'bob');
    expect(removed.code).toBe(0);
    expect(removed.json).toMatchObject({ id: added.json.id, removedBy: 'bob', removedAt: expect.any(String) });
    const twice = await cli('treasury', 'source', 'remove', '--chain', '31337', '--address', address, '--by', 'bob');
    expect(twice.code).toBe(2);
    expect(twice.json.error).toContain('is not a treasury source');
    expect((await cli('treasury', 'list', '--chain', '31337')).json).toEqual({ sources: [], coldAddresses: [], hotWallets: [] });
    expect((await cli('treasury', 'list', '--chain', '999')).code).toBe(2);
    // The removal is history: the row stays for the top-ups it may have booked.
    expect(await ctx.db.treasurySource.findMany({ where: { address } })).toEqual([expect.objectContaining({ addedBy: 'alice', removedBy: 'bob' })]);
    await ctx.db.treasurySource.deleteMany();
  });

  it('When the chain is a TRON chain, Then the address is taken in base58 with its checksum checked', async () => {
    await ctx.db.chain.create({ data: { chainId: 728126428, name: 'TRON (test)', type: 'TRON', nativeSymbol: 'TRX', nativeDecimals: 6, depositConfirmations: 19, withdrawConfirmations: 19, active: false } });
    const base58 = tronFromEvm(Wallet.createRandom().address);
    const broken = base58.slice(0, -1) + (base58.endsWith('a') ? 'b' : 'a');
    const bad = await cli('treasury', 'source', 'add', '--chain', '728126428', '--address', broken, '--by', 'alice');
    expect(bad.code).toBe(2);
    expect(bad.json.error).toContain('TRON');
    expect((await cli('treasury', 'source', 'add', '--chain', '728126428', '--address', tronFromEvm(bankroll), '--by', 'alice')).json.error).toContain('bankroll');
    const ok = await cli('treasury', 'source', 'add', '--chain', '728126428', '--address', base58, '--by', 'alice');
    expect(ok.json).toMatchObject({ chainId: 728126428, address: base58 });
    await ctx.db.treasurySource.deleteMany();
  });
});

describe('top-ups in reconcile', () => {
  let topUpTx: string;

  it('When the team tops the bankroll up from a registered source, Then reconcile is ok, the top-up is recorded once deep enough and listed with its hash', async () => {
    expect((await reconcile()).json.ok).toBe(true); // pins the openings before the top-up
    expect((await cli('treasury', 'source', 'add', '--chain', '31337', '--address', teamWallet, '--by', 'alice')).code).toBe(0);
    topUpTx = (await fund({ nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry, address: bankroll, token: 'USDC', amount: '1.5' })).txHash;

    // One confirmation of the dev chain's three: booked as pending, not recorded yet.
    const shallow = await reconcile();
    expect(shallow.json).toMatchObject({ ok: true, differences: [] });
    expect(shallow.json.chains[0].assets.find((a: { symbol: string }) => a.symbol === 'USDC')).toMatchObject({ pending: '1500000', difference: '0' });
    expect(await ctx.db.treasuryTopUp.count()).toBe(0);

    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 2 });
    const deep = await reconcile();
    expect(deep.code).toBe(0);
    expect(deep.json).toMatchObject({ ok: true, differences: [] });
    expect(deep.json.chains[0].assets.find((a: { symbol: string }) => a.symbol === 'USDC')).toMatchObject({ pending: '0', difference: '0' });
    // A second read records nothing twice.
    expect((await reconcile()).json.ok).toBe(true);

    const r = await treasury();
    expect(r.status).toBe(200);
    expect(r.body.sources).toEqual([expect.objectContaining({ chainId: 31337, address: teamWallet, addedBy: 'alice', removedAt: null })]);
    expect(r.body.topUps).toEqual([expect.objectContaining({
      chainId: 31337, from: teamWallet, to: bankroll, asset: usdc().address, symbol: 'USDC', transactionHash: topUpTx, amount: '1500000', units: '1.500000',
      sourceId: r.body.sources[0].id,
    })]);
  });

  it('When USDC comes in from an address that is not a source, Then it stays UNBOOKED_TRANSFER_IN however deep, and the top-up stays booked', async () => {
    const { from, txHash } = await transferFromStranger('2');
    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 3 });
    const r = await reconcile();
    expect(r.code).toBe(1);
    expect(kinds(r.json)).toEqual(['BALANCE_MISMATCH', 'UNBOOKED_TRANSFER_IN']);
    expect(r.json.differences).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'UNBOOKED_TRANSFER_IN', txHash, from, value: '2000000' }),
      expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'USDC', difference: '2000000' }),
    ]));
    expect((await treasury()).body.topUps.map((t: { transactionHash: string }) => t.transactionHash)).toEqual([topUpTx]);
  });

  it('When the source is removed, Then what it sent before stays booked and what it sends after is UNBOOKED_TRANSFER_IN', async () => {
    expect((await cli('treasury', 'source', 'remove', '--chain', '31337', '--address', teamWallet, '--by', 'bob')).code).toBe(0);
    const { txHash } = await fund({ nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry, address: bankroll, token: 'USDC', amount: '0.25' });
    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 3 });
    const r = await reconcile();
    const unbooked = r.json.differences.filter((d: { kind: string }) => d.kind === 'UNBOOKED_TRANSFER_IN').map((d: { txHash: string }) => d.txHash);
    expect(unbooked).toContain(txHash);
    expect(unbooked).not.toContain(topUpTx);
    // 2 USDC from the stranger and 0.25 from the removed source: the first top-up is still in the books.
    expect(r.json.differences).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'USDC', difference: '2250000' })]));
    const listed = (await treasury()).body;
    expect(listed.sources).toEqual([expect.objectContaining({ address: teamWallet, removedBy: 'bob', removedAt: expect.any(String) })]);
    expect(listed.topUps).toHaveLength(1);
  });
});

describe('GET /admin/treasury', () => {
  it('When there are more top-ups than the limit, Then a page ends with X-Next-Cursor and the cursor gives the rest, newest first', async () => {
    const [first] = (await treasury()).body.topUps;
    const older = await ctx.db.treasuryTopUp.create({
      data: {
        chainId: 31337, genesisHash: 'paging-test', bankroll, sourceId: first.sourceId, asset: usdc().address, txHash: '0x' + 'ab'.repeat(32),
        logIndex: 0, blockNumber: 1, amount: '1', createdAt: new Date(Date.parse(first.recordedAt) - 1000),
      },
    });
    const page1 = await http(ctx.apiUrl, 'GET', '/admin/treasury?limit=1', { token: adminToken });
    expect(page1.body.topUps.map((t: { id: string }) => t.id)).toEqual([first.id]);
    const cursor = page1.headers.get('x-next-cursor');
    expect(cursor).toEqual(expect.any(String));
    const page2 = await http(ctx.apiUrl, 'GET', `/admin/treasury?limit=1&cursor=${cursor}`, { token: adminToken });
    expect(page2.body.topUps.map((t: { id: string }) => t.id)).toEqual([older.id]);
    expect(page2.headers.get('x-next-cursor')).toBeNull();
    expect((await http(ctx.apiUrl, 'GET', '/admin/treasury?cursor=nonsense', { token: adminToken })).status).toBe(400);
    expect((await http(ctx.apiUrl, 'GET', '/admin/treasury')).status).toBe(401);
  });
});

describe('a chain reset', () => {
  it('When the chain is reset under the books, Then its top-ups move to the retired instance with its openings, and the new books start clean', async () => {
    const live = await evmInstanceOf(provider);
    const before = await ctx.db.chain.findUniqueOrThrow({ where: { chainId: 31337 } });
    await registerChainInstance(ctx.db, 31337, live, { retire: true, reset: true });
    const retired = `${live.genesisHash}@${before.checkpointHash}`;
    const recorded = await ctx.db.treasuryTopUp.findMany({ where: { genesisHash: { not: 'paging-test' } } });
    expect(recorded.map((t) => t.genesisHash)).toEqual([retired]);
    expect(await ctx.db.bankrollOpening.count({ where: { genesisHash: retired } })).toBeGreaterThan(0);
    // New openings are read now: nothing recorded on the old instance is compared with the new one.
    expect((await reconcile()).json).toMatchObject({ ok: true, differences: [] });
  });
});

describe('native top-ups in reconcile', () => {
  it('When the team sends the native coin to the bankroll from a registered source, Then reconcile counts it pending, records it once deep enough (no log: log index -1), and is ok', async () => {
    expect((await reconcile()).json.ok).toBe(true);
    expect((await cli('treasury', 'source', 'add', '--chain', '31337', '--address', teamWallet, '--by', 'alice')).code).toBe(0);
    const { txHash } = await fund({ nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry, address: bankroll, token: 'native', amount: '0.5' });
    const eth = (json: any) => json.chains[0].assets.find((a: { asset: string }) => a.asset === 'native');

    const shallow = await reconcile();
    expect(shallow.json).toMatchObject({ ok: true, differences: [] });
    expect(eth(shallow.json)).toMatchObject({ pending: '500000000000000000', difference: '0' });
    expect(await ctx.db.treasuryTopUp.count({ where: { asset: 'native' } })).toBe(0);

    await mine({ nodeUrl: ctx.services.chainNodeUrl, blocks: 2 });
    const deep = await reconcile();
    expect(deep.code).toBe(0);
    expect(deep.json).toMatchObject({ ok: true, differences: [] });
    expect(eth(deep.json)).toMatchObject({ pending: '0', difference: '0' });
    const rows = await ctx.db.treasuryTopUp.findMany({ where: { asset: 'native' } });
    expect(rows.map((r) => ({ txHash: r.txHash, logIndex: r.logIndex, amount: r.amount.toFixed(0) }))).toEqual([{ txHash, logIndex: -1, amount: '500000000000000000' }]);
    // Booked from its row now: another run reads no blocks for it and records nothing twice.
    expect((await reconcile()).json).toMatchObject({ ok: true, differences: [] });
    expect(await ctx.db.treasuryTopUp.count({ where: { asset: 'native' } })).toBe(1);
    expect((await treasury()).body.topUps[0]).toMatchObject({ from: teamWallet, asset: 'native', symbol: 'ETH', transactionHash: txHash, amount: '500000000000000000' });
  });
});
