/**
 * How hosted RPC providers say "slow down" and "ask for less". Their wording differs (Infura, Alchemy, QuickNode,
 * public nodes); these match the known forms by code and by message.
 */
export interface RpcErrorBody {
  code?: unknown;
  message?: unknown;
}

const THROTTLED = /rate.?limit|too many requests|exceeded .*capacity|request limit reached|throughput/i;
const RANGE = /block range|range (is )?too (wide|large|big)|query returned more than|more than \d+ (results|logs)|too many (results|logs|blocks)|response size|exceed(s|ed)? .*(range|limit)|limited to .*(range|blocks)/i;

/** A JSON-RPC error answer that means the provider throttles this client (an HTTP 200 carrying a 429 in its body). */
export function isThrottledAnswer(error: RpcErrorBody | undefined): boolean {
  if (!error) return false;
  return error.code === 429 || THROTTLED.test(String(error.message ?? ''));
}

/**
 * The JSON-RPC error of a failed eth_getLogs call, when it says the block range (or the number of logs in it) is more
 * than the provider serves: -32005 "limit exceeded" and -32602 "invalid params" are how providers answer a range they
 * refuse, and the messages name it. Such a range is asked again in halves.
 */
export function isLogRangeError(err: unknown): boolean {
  const body = (err as { error?: RpcErrorBody } | null)?.error;
  if (!body) return false;
  return body.code === -32005 || body.code === -32602 || RANGE.test(String(body.message ?? ''));
}
