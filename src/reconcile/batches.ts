/** Runs `fn` over `items`, a few at a time, so a large history does not open hundreds of RPC calls at once. */
export async function inBatches<T, R>(items: T[], fn: (item: T) => Promise<R>, size = 8): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}
