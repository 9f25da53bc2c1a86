/** Stops what the global setup started. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __gwStopServices?: () => Promise<void> }).__gwStopServices?.();
}
