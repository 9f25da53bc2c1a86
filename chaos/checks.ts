import { zeroPadValue, type JsonRpcProvider } from 'ethers';
import { TRANSFER_TOPIC } from '../src/chain/erc20';
import type { Db } from '../src/adapters/db';
import type { WebhookReceiver } from '../test/support/webhook-receiver';
import type { Ledger } from './workload';

const FINAL = ['COMPLETED', 'REJECTED', 'FAILED', 'CANCELLED', 'EXPIRED'];
const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

/** What is not final yet: withdrawals, deposits, transactions in flight, webhook deliveries. Empty = at rest. */
export async function unsettled(db: Db, ledger: Ledger): Promise<string[]> {
  const open: string[] = [];
  const rows = await db.withdrawal.findMany({ where: { id: { in: ledger.withdrawals.map((w) => w.id) } } });
  const completions = new Set((await db.webhookEvent.findMany({ where: { event: 'WITHDRAW_COMPLETE' }, select: { uniqueKey: true } })).map((e) => e.uniqueKey));
  for (const w of rows) {
    if (!FINAL.includes(w.status)) open.push(`withdrawal ${w.id} (${w.mode}) ${w.status}`);
    else if (w.status === 'COMPLETED' && !completions.has(`WITHDRAW_COMPLETE:${w.id}`)) open.push(`withdrawal ${w.id} (${w.mode}) without WITHDRAW_COMPLETE`);
  }
  const deposits = await db.deposit.findMany({ where: { txHash: { in: ledger.deposits.map((d) => d.txHash) } } });
  for (const d of ledger.deposits) {
    const dep = deposits.find((x) => x.txHash === d.txHash);
    if (!dep || !['CREDITED', 'DROPPED'].includes(dep.status)) open.push(`deposit ${d.txHash} ${dep?.status ?? 'not seen'}`);
  }
  const sends = await db.treasuryTransfer.findMany({ where: { id: { in: ledger.treasurySends.map((t) => t.transferId) } } });
  for (const t of sends) if (t.status !== 'CONFIRMED' && t.status !== 'FAILED') open.push(`treasury send ${t.id} ${t.status}`);
  for (const tx of await db.outboundTx.findMany({ where: { status: { in: ['SIGNED', 'BROADCAST'] } } })) open.push(`${tx.purpose} ${tx.status}`);
  const undelivered = await db.webhookEvent.count({ where: { status: { in: ['PENDING', 'RETRYING'] } } });
  if (undelivered > 0) open.push(`${undelivered} webhook event(s) not delivered`);
  return open;
}

/** Distinct events (X-Event-Id) the receiver got of one type that satisfy `match`. */
function receivedEvents(receiver: WebhookReceiver, event: string, match: (f: Record<string, string>) => boolean): number {
  const ids = receiver.received.filter((r) => form(r.body).event === event && match(form(r.body))).map((r) => r.headers['x-event-id']);
  return new Set(ids).size;
}

/**
 * The campaign's invariants, on the chain and in the records at rest: one token Transfer per completed withdrawal
 * (none otherwise), one WITHDRAW_COMPLETE each in the outbox and at the receiver, every deposit credited once with
 * one DEPOSIT event, no ACTIVE reservation left on a finished withdrawal. Returns the violations.
 */
export async function violations(db: Db, provider: JsonRpcProvider, receiver: WebhookReceiver, ledger: Ledger): Promise<string[]> {
  const found: string[] = ledger.abandoned.map((a) => `gave up on: ${a}`);
  const completeEvents = (await db.webhookEvent.findMany({ where: { event: 'WITHDRAW_COMPLETE' } })).map((e) => form(e.body));
  for (const { id, mode } of ledger.withdrawals) {
    const w = await db.withdrawal.findUniqueOrThrow({ where: { id }, include: { reservation: true } });
    const logs = await provider.getLogs({ address: w.tokenAddress, topics: [TRANSFER_TOPIC, null, zeroPadValue(w.address, 32)], fromBlock: 0 });
    const completed = w.status === 'COMPLETED';
    const name = `withdrawal ${id} (${mode})`;
    if (!completed) found.push(`${name} ended ${w.status}${w.reasonCode ? ` (${w.reasonCode})` : ''}`);
    if (logs.length !== (completed ? 1 : 0)) found.push(`${name}: ${logs.length} token transfers to ${w.address}`);
    const paid = logs.reduce((sum, l) => sum + BigInt(l.data), 0n);
    if (completed && logs.length === 1 && (paid !== BigInt(w.cryptoAmountRaw!.toFixed(0)) || logs[0]!.transactionHash !== w.settlementTxHash)) {
      found.push(`${name}: paid ${paid} in ${logs[0]!.transactionHash}, recorded ${w.cryptoAmountRaw} in ${w.settlementTxHash}`);
    }
    const outbox = completeEvents.filter((e) => e.withdrawRequestId === id).length;
    const delivered = receivedEvents(receiver, 'WITHDRAW_COMPLETE', (e) => e.withdrawRequestId === id);
    if (outbox !== (completed ? 1 : 0) || delivered !== outbox) found.push(`${name}: ${outbox} WITHDRAW_COMPLETE in the outbox, ${delivered} received`);
    if (FINAL.includes(w.status) && w.reservation?.status === 'ACTIVE') found.push(`${name}: ${w.status} with an ACTIVE reservation`);
  }
  const depositEvents = (await db.webhookEvent.findMany({ where: { event: 'DEPOSIT' } })).map((e) => form(e.body));
  for (const { txHash, asset } of ledger.deposits) {
    const rows = await db.deposit.findMany({ where: { txHash } });
    const credited = rows.filter((r) => r.status === 'CREDITED').length;
    const outbox = depositEvents.filter((e) => e.transactionHash === txHash).length;
    const delivered = receivedEvents(receiver, 'DEPOSIT', (e) => e.transactionHash === txHash);
    if (rows.length !== 1 || credited !== 1 || outbox !== 1 || delivered !== 1) {
      found.push(`deposit ${txHash} (${asset}): ${rows.length} row(s), ${credited} credited, ${outbox} DEPOSIT in the outbox, ${delivered} received`);
    }
  }
  found.push(...(await treasuryViolations(db, provider, ledger)));
  return found;
}

/** Every treasury send CONFIRMED and paid once: the cold address received exactly the sends' transfers, nothing more. */
async function treasuryViolations(db: Db, provider: JsonRpcProvider, ledger: Ledger): Promise<string[]> {
  const found: string[] = [];
  for (const s of ledger.treasurySends) {
    const t = await db.treasuryTransfer.findUniqueOrThrow({ where: { id: s.transferId } });
    if (t.status !== 'CONFIRMED') found.push(`treasury send ${t.id} ended ${t.status}${t.failureReason ? ` (${t.failureReason})` : ''}`);
  }
  const [first] = ledger.treasurySends;
  if (!first) return found;
  const logs = await provider.getLogs({ address: first.tokenAddress, topics: [TRANSFER_TOPIC, null, zeroPadValue(first.to, 32)], fromBlock: 0 });
  const paid = logs.reduce((sum, l) => sum + BigInt(l.data), 0n);
  const asked = ledger.treasurySends.reduce((sum, s) => sum + s.raw, 0n);
  if (logs.length !== ledger.treasurySends.length || paid !== asked) found.push(`treasury sends: ${logs.length} transfers of ${paid} to the cold address for ${ledger.treasurySends.length} sends of ${asked}`);
  return found;
}
