/**
 * Callers of one locked section (a key) that arrive while it runs go together in its next run, as PostgreSQL's group
 * commit gathers independent writers into one WAL flush: one lock, one read and one COMMIT for all of them instead of
 * one each, every other caller of the section waiting on them. The first caller runs at once; none waits for a batch
 * to fill. `run` answers one result per item, in order. When a run of several fails, each of its items runs again
 * alone, so one item's failure never becomes the others'. Runs of one key do not overlap in this process, except
 * that a run still going after `stallMs` (a node that does not answer) no longer holds back the callers behind it:
 * the order between runs is the section's database lock's to keep (as it is between processes); this only batches.
 */
export function groupCommit<I, O>(key: (item: I) => string, run: (items: I[]) => Promise<O[]>, maxBatch = 50, stallMs = 20_000): (item: I) => Promise<O> {
  type Waiter = { item: I; resolve: (o: O) => void; reject: (err: unknown) => void };
  const queues = new Map<string, Waiter[]>();

  async function settle(batch: Waiter[]): Promise<void> {
    try {
      const outs = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(outs[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const w of batch) await settle([w]);
    }
  }

  async function drain(k: string, queue: Waiter[]): Promise<void> {
    while (queue.length > 0) {
      let stalled: NodeJS.Timeout | undefined;
      await Promise.race([settle(queue.splice(0, maxBatch)), new Promise((r) => (stalled = setTimeout(r, stallMs)))]);
      clearTimeout(stalled);
    }
    queues.delete(k);
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      const k = key(item);
      const queue = queues.get(k);
      if (queue) return void queue.push({ item, resolve, reject });
      const started = [{ item, resolve, reject }];
      queues.set(k, started);
      void drain(k, started);
    });
}
