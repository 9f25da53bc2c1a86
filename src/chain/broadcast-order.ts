import type { JsonRpcProvider } from 'ethers';
import type { Db } from '../adapters/db';
import type { OutboundTx } from '../generated/prisma/client';
import { groupCommit } from '../store/group-commit';
import { markBroadcast, unsentUpTo } from '../store/outbound-txs';
import { pendingCount, sendRaw } from './evm-node';

type Sending = { provider: JsonRpcProvider; stored: OutboundTx };
type Sent = { ok: true } | { ok: false; error: unknown };

/**
 * Sends a signed, never-broadcast transaction together with the sender's earlier ones still unsent, in nonce order.
 * A burst of payouts is signed at consecutive nonces but reaches this step in any order, and a node takes a nonce
 * after a gap only into a small queue (geth keeps 64 per account) or not at all (an automining dev node): sent each
 * on its own, every one but the next in line was refused and waited for a retry, so a burst drained about one
 * transaction per retry interval. The sends of one sender are gathered (groupCommit), so each transaction goes out
 * once however many of its successors ask.
 */
export function broadcastInNonceOrder(db: Db, provider: JsonRpcProvider, stored: OutboundTx): Promise<void> {
  return senderOf(db)({ provider, stored }).then((sent) => {
    if (!sent.ok) throw sent.error;
  });
}

const senders = new WeakMap<Db, (s: Sending) => Promise<Sent>>();

function senderOf(db: Db): (s: Sending) => Promise<Sent> {
  let sender = senders.get(db);
  if (!sender) {
    sender = groupCommit((s: Sending) => `${s.stored.chainId}:${s.stored.genesisHash}:${s.stored.fromAddress}`, (batch) => sendBatch(db, batch));
    senders.set(db, sender);
  }
  return sender;
}

async function sendBatch(db: Db, batch: Sending[]): Promise<Sent[]> {
  const { provider, stored: first } = batch[0]!;
  const { pending } = await pendingCount(first.chainId, provider, first.fromAddress);
  const outcome = new Map<string, Sent>();
  // Marked BROADCAST once the node took them, whichever branch sent them: a row left SIGNED is sent again by its
  // workflow on every attempt and never polled.
  const sent: string[] = [];
  // Below the node's next nonce: the node has it already (a gap repair or a send whose mark was lost; sendRaw
  // answers so), or the nonce went elsewhere (the send fails, and its workflow's reconciliation finds it dropped).
  for (const { stored } of batch.filter((s) => s.stored.nonce < pending)) {
    const result = await sendRaw(provider, stored.rawTx).then((): Sent => ({ ok: true }), (error: unknown): Sent => ({ ok: false, error }));
    outcome.set(stored.id, result);
    if (result.ok) sent.push(stored.id);
  }
  const upTo = Math.max(...batch.map((s) => s.stored.nonce));
  const unsent = upTo >= pending ? await unsentUpTo(db, first, pending, upTo) : [];
  let refused: { nonce: number; sent: Sent } | null = null;
  for (const row of unsent) {
    // The first refusal stops the line: every later nonce would sit behind its gap.
    const error = await sendRaw(provider, row.rawTx).then(() => null, (err: unknown) => ({ err }));
    if (error) {
      refused = { nonce: row.nonce, sent: { ok: false, error: error.err } };
      break;
    }
    sent.push(row.id);
  }
  if (sent.length > 0) await markBroadcast(db, sent);
  // Not in the line and not refused: sent meanwhile by another batch or process (no longer SIGNED).
  return batch.map((s) => outcome.get(s.stored.id) ?? (refused && s.stored.nonce >= refused.nonce ? refused.sent : { ok: true }));
}
