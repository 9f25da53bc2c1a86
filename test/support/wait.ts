/** Polls until `check` returns a truthy value (returned), or fails after the timeout. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The dev chain mines only when asked: keep mining a block per poll until `check` holds, as a live chain would
 * keep producing blocks while a payout waits for its confirmations.
 */
export async function mineUntil<T>(mineBlock: () => Promise<unknown>, check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  return eventually(async () => {
    const value = await check();
    if (value) return value;
    await mineBlock();
    return null;
  }, timeoutMs, what);
}
