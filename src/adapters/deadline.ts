/**
 * The value of `work`, or null when it fails or takes longer than `ms`: for chain reads where "unknown" is an answer
 * (fail closed) and an unreachable node must not hold a request or a database transaction for long.
 */
export async function valueOrNull<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([work.catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
