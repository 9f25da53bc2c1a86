import { randomUUID } from 'node:crypto';
import { AbiCoder, keccak256, zeroPadValue } from 'ethers';
import { mine } from '../../dev/devchain/dev-commands';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { ownerSection } from '../../src/store/owner-section';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { delay, eventually, mineUntil } from '../support/wait';
import { ACK, WebhookReceiver, type Received } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
type Op = { id: string; apiKey: string; webhookSecret: string };
let ext: Op;
let admin: string;

const form = (r: Received) => Object.fromEntries(new URLSearchParams(r.body));
const events = (name: string, id: string) => receiver.received.filter((r) => form(r).event === name && form(r).withdrawRequestId === id);
const mineOne = () => mine({ nodeUrl: ctx.services.chainNodeUrl });
const row = (id: string) => ctx.db.withdrawal.findUniqueOrThrow({ where: { id }, include: { reservation: true } });
const sessionOf = (sid: string) => ctx.db.session.findUniqueOrThrow({ where: { id: sid } });
const payouts = (ids: string[]) => ctx.db.outboundTx.count({ where: { purpose: { in: ids.map((id) => `payout:${id}`) } } });

beforeAll(async () => {
  ctx = await createTestContext({ worker: true, env: { WEBHOOK_RETRY_DELAYS_SECONDS: '1,1,1,1,1', WEBHOOK_TIMEOUT_MS: '1000' } });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  ext = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'External', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
  await createAdmin(ctx.db, 'a@example.com', 'admin-password', 'ADMIN');
  admin = (await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'a@example.com', password: 'admin-password' } })).body.token;
});
afterAll(async () => {
  await f.provider.send('evm_setAutomine', [true]);
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});

const awaiting = (op: Op, amount = '5.00') => f.submitted(op.apiKey, amount);

/** With automine off: the payout is signed and broadcast, but sits in the mempool until the test mines. */
async function withoutAutomine<T>(body: () => Promise<T>): Promise<T> {
  await f.provider.send('evm_setAutomine', [false]);
  try {
    return await body();
  } finally {
    await f.provider.send('evm_setAutomine', [true]);
  }
}

describe('one payout per widget session', () => {
  it('When a second request is submitted while the approved payout awaits confirmations, Then SESSION_NOT_OPEN and one payout', async () => {
    const w = await awaiting(ext, '4.00');
    const [second, sessionStatus] = await withoutAutomine(async () => {
      const r = await f.decide(ext.apiKey, w.id, 'APPROVE');
      expect(r.body.data.withdrawStatus).toBe('COMPLETED');
      return [await f.submit(w.sid, f.recipient()), (await sessionOf(w.sid)).status] as const;
    });
    expect([second.status, second.body.errorCode]).toEqual([400, 'SESSION_NOT_OPEN']);
    // Closed with the settlement, before anything was mined.
    expect(sessionStatus).toBe('COMPLETED');
    await mineUntil(mineOne, async () => events('WITHDRAW_COMPLETE', w.id).length > 0, 30_000, 'WITHDRAW_COMPLETE');
    const ids = (await ctx.db.withdrawal.findMany({ where: { sessionRef: w.sessionRef } })).map((x) => x.id);
    expect(ids).toEqual([w.id]);
    expect(await payouts(ids)).toBe(1);
    expect(await f.balanceOf(w.to)).toBe(4_000_000n);
  });
});

describe('a reverted payout', () => {
  /** Storage slot of TestToken.balanceOf[owner]: the mapping is the contract's fourth slot (name, symbol, totalSupply). */
  const balanceSlot = (owner: string) => keccak256(AbiCoder.defaultAbiCoder().encode(['address', 'uint256'], [owner, 3]));

  it('When the Mode B payout is mined and reverts, Then FAILED PAYOUT_REVERTED, reservation released, no WITHDRAW_COMPLETE, session not COMPLETED, and admins find it', async () => {
    const w = await awaiting(ext, '3.00');
    const slot = balanceSlot(f.bankroll);
    const saved: string = await f.provider.send('eth_getStorageAt', [f.usdc.address, slot, 'latest']);
    expect(BigInt(saved)).toBe(await f.balanceOf(f.bankroll));
    await withoutAutomine(async () => {
      const r = await f.decide(ext.apiKey, w.id, 'APPROVE');
      expect(r.body.data.withdrawStatus).toBe('COMPLETED');
      await eventually(async () => f.provider.getTransaction(r.body.data.settlementTxHash), 15_000, 'payout broadcast');
      // The bankroll holds no USDC while the payout is mined: its transfer reverts ("balance").
      await f.provider.send('hardhat_setStorageAt', [f.usdc.address, slot, zeroPadValue('0x00', 32)]);
      try {
        await mineOne();
      } finally {
        await f.provider.send('hardhat_setStorageAt', [f.usdc.address, slot, saved]);
      }
      expect((await f.provider.getTransactionReceipt(r.body.data.settlementTxHash))?.status).toBe(0);
    });
    const failed = await mineUntil(mineOne, async () => ((await row(w.id)).status === 'FAILED' ? row(w.id) : null), 30_000, 'FAILED');
    expect(failed).toMatchObject({ reasonCode: 'PAYOUT_REVERTED', retryable: false, completedAt: null });
    expect(failed.reservation?.status).toBe('RELEASED');
    expect((await sessionOf(w.sid)).status).not.toBe('COMPLETED');
    await mineOne();
    await delay(1000);
    expect(events('WITHDRAW_COMPLETE', w.id)).toHaveLength(0);
    expect(await ctx.db.webhookEvent.count({ where: { uniqueKey: `WITHDRAW_COMPLETE:${w.id}` } })).toBe(0);
    expect(await f.balanceOf(w.to)).toBe(0n);

    const list = await http(ctx.apiUrl, 'GET', `/admin/withdrawals?status=FAILED&mode=B&operatorId=${ext.id}`, { token: admin });
    expect(list.body).toEqual([expect.objectContaining({ id: w.id, status: 'FAILED', reasonCode: 'PAYOUT_REVERTED', txHash: failed.settlementTxHash })]);
    const decided = await f.decide(ext.apiKey, w.id, 'APPROVE');
    expect(decided.body.data).toMatchObject({ withdrawStatus: 'FAILED', settlementTxHash: failed.settlementTxHash });
    expect(await payouts([w.id])).toBe(1);
  });
});

describe('session cancel racing a submit', () => {
  it('When 12 cancels race 12 submits, Then no cancelled session keeps a live withdrawal', async () => {
    const sessions = await Promise.all(Array.from({ length: 12 }, () => f.session(ext.apiKey)));
    const cancel = (sid: string) => http(ctx.apiUrl, 'POST', `/session/${sid}/cancel`, { token: ext.apiKey });
    await Promise.all(
      sessions.map(async (s, i) => {
        const [submitted, cancelled] = await Promise.all([f.submit(s.sid, f.recipient()), delay(i * 3).then(() => cancel(s.sid))]);
        expect([201, 400]).toContain(submitted.status);
        expect(cancelled.status).toBe(200);
      }),
    );
    const live = await ctx.db.withdrawal.findMany({
      where: { sessionId: { in: sessions.map((s) => s.sid) }, status: { in: ['PENDING', 'AWAITING_APPROVAL', 'PROCESSING'] } },
    });
    expect(live).toEqual([]);
    expect(await ctx.db.session.count({ where: { id: { in: sessions.map((s) => s.sid) }, status: 'CANCELLED' } })).toBe(12);
  });
});

describe('the caps lock', () => {
  it('When a transaction holds an operator caps lock, Then a session of that operator can still be created', async () => {
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Locked', webhookUrl: receiver.url, approvalMode: 'EXTERNAL', autoRelease: true });
    const scope = { ownerId: op.id, now: new Date(), withdrawalIds: [randomUUID()], chainId: 31337, tokenAddress: '0x0000000000000000000000000000000000000001' };
    let outcome = '';
    await ownerSection(ctx.db, scope, null, async () => {
      outcome = await Promise.race([f.session(op.apiKey).then(() => 'created'), delay(3000).then(() => 'blocked')]);
      return null;
    });
    expect(outcome).toBe('created');
  });
});
