/**
 * RPC URLs carry providers' API keys, and ethers embeds the request URL in its error messages
 * (`info={ "requestUrl": ... }`). These keep the useful part of a provider error (its code and short message) and
 * replace every configured RPC URL with the chain it belongs to, before a text reaches a log line or an activity
 * failure (and so a workflow history or an API error body).
 */
export type Redact = (text: string) => string;

export function rpcUrlRedactor(rpcUrls: Record<number, string | readonly string[]>): Redact {
  // A chain's endpoints are numbered when it has several, so a log still says which one failed.
  const labelled = Object.entries(rpcUrls).flatMap(([chainId, urls]) =>
    typeof urls === 'string' ? [[urls, `<rpc of chain ${chainId}>`]] : urls.map((url, i) => [url, urls.length > 1 ? `<rpc ${i + 1} of chain ${chainId}>` : `<rpc of chain ${chainId}>`]),
  );
  // Longest first, so a URL that extends another is replaced whole.
  labelled.sort(([a], [b]) => b!.length - a!.length);
  return (text) => labelled.reduce((t, [url, label]) => t.split(url!).join(label!), text);
}

/** An ethers error (it has a code and a short message): its message is cut down to those two. */
function isProviderError(err: Error): err is Error & { code: string; shortMessage: string } {
  const e = err as { code?: unknown; shortMessage?: unknown };
  return typeof e.code === 'string' && typeof e.shortMessage === 'string';
}

/** Makes an error (and its causes) safe in place, so its type and retry semantics travel unchanged. */
export function redactError(err: unknown, redact: Redact): unknown {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    const original = e.message;
    e.message = redact(isProviderError(e) ? `${e.shortMessage} (code=${e.code})` : original);
    if (e.stack) e.stack = redact(e.stack.split(original).join(e.message));
  }
  return err;
}
