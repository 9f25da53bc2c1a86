import { ensureDepositAddress } from '../../src/store/deposit-addresses';
import { fund } from '../../dev/devchain/dev-commands';
import { runCli } from '../support/cli';
import { closeHeadlessSuite, openHeadlessSuite, type HeadlessSuite } from '../support/headless-fixtures';
import { mineUntil } from '../support/wait';

let s: HeadlessSuite;

beforeAll(async () => {
  s = await openHeadlessSuite({ PRICE_RETRY_SECONDS: '1' });
});
afterAll(() => closeHeadlessSuite(s));

const reconcile = () => runCli(['reconcile', '--chain', '31337'], s.ctx.env);
const kinds = (json: any): string[] => json.differences.map((d: { kind: string }) => d.kind);

/** One headless payout and one USDT deposit, both final: the books have every kind of movement in them. */
async function payAndDeposit(): Promise<{ withdrawalId: string; depositTx: string }> {
  const { f, op, ctx } = s;
  const { id, sessionRef } = await f.intent(op.apiKey, { amount: '3.25' });
  expect((await f.execute(op.apiKey, sessionRef)).status).toBe(202);
  const { address } = await ensureDepositAddress(ctx.db, ctx.config.DEPOSIT_XPUB, op.id, 'reconcile-depositor');
  const { txHash } = await fund({ nodeUrl: f.nodeUrl, registry: ctx.services.registry, address, token: 'USDT', amount: '4.5' });
  await f.waitStatus(id, 'COMPLETED', { mine: true });
  await f.waitEvents(id, 1, 'WITHDRAW_COMPLETE');
  await mineUntil(() => f.mineBlocks(), () => ctx.db.deposit.findFirst({ where: { txHash, status: 'CREDITED' } }), 60_000, 'deposit credited');
  await f.settleInFlight();
  return { withdrawalId: id, depositTx: txHash };
}

describe('reconcile', () => {
  it('When payouts and deposits settled normally, Then ok is true and every asset balances', async () => {
    await payAndDeposit();
    const r = await reconcile();
    expect(r.json).toMatchObject({ ok: true, differences: [] });
    expect(r.code).toBe(0);
    const [chain] = r.json.chains;
    expect(chain).toMatchObject({ chainId: 31337, payoutsChecked: 1, depositEventsChecked: 1 });
    expect(chain.assets.map((a: { symbol: string }) => a.symbol)).toEqual(expect.arrayContaining(['ETH', 'USDT', 'USDC']));
    for (const a of chain.assets) expect(a.difference).toBe('0');
  });

  it('When a confirmed payout row says another amount than was sent, Then ok is false and the payout and the balance are named', async () => {
    const { withdrawalId } = await payAndDeposit();
    const row = await s.ctx.db.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } });
    const tampered = row.cryptoAmountRaw!.plus(1);
    await s.ctx.db.withdrawal.update({ where: { id: withdrawalId }, data: { cryptoAmountRaw: tampered } });
    try {
      const r = await reconcile();
      expect(r.code).toBe(1);
      expect(r.json.ok).toBe(false);
      expect(r.json.differences).toEqual(expect.arrayContaining([
        expect.objectContaining({ kind: 'PAYOUT_TRANSFER_MISSING', withdrawalId, amount: tampered.toFixed(0) }),
        expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'USDT', difference: '1' }),
      ]));
    } finally {
      await s.ctx.db.withdrawal.update({ where: { id: withdrawalId }, data: { cryptoAmountRaw: row.cryptoAmountRaw } });
    }
    expect((await reconcile()).json.ok).toBe(true);
  });

  it('When tokens reach the bankroll outside the books, Then ok is false with the transfer and the surplus named', async () => {
    const { txHash } = await fund({ nodeUrl: s.f.nodeUrl, registry: s.ctx.services.registry, address: s.f.bankroll, token: 'USDC', amount: '1.5' });
    const r = await reconcile();
    expect(r.code).toBe(1);
    expect(kinds(r.json).sort()).toEqual(['BALANCE_MISMATCH', 'UNBOOKED_TRANSFER_IN']);
    expect(r.json.differences).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'UNBOOKED_TRANSFER_IN', txHash, to: s.f.bankroll, value: '1500000' }),
      expect.objectContaining({ kind: 'BALANCE_MISMATCH', symbol: 'USDC', difference: '1500000' }),
    ]));
  });
});
