import { FeeData, FetchRequest, type Block, type BlockTag, isHexString, JsonRpcProvider, toQuantity, type JsonRpcError, type JsonRpcPayload, type JsonRpcResult } from 'ethers';
import { EndpointRotation } from './endpoint-rotation';
import { sharedRecent } from './in-flight';
import type { Logger } from './logger';
import { isLogRangeError, isThrottledAnswer } from './rpc-limits';
import { postWithDeadline } from './rpc-http';
import { redactError, rpcUrlRedactor, type Redact } from './rpc-redaction';

export interface RpcOptions {
  /** How long one endpoint may take to answer before the call goes to the next one. */
  timeoutMs: number;
  /** Blocks one eth_getLogs call spans at most. */
  logsMaxBlocks: number;
  /** How long the latest block and the suggested tip, once asked for, answer later asks (0: every ask is a call). */
  headShareMs: number;
  /** Told when a chain goes over to another endpoint (by number, never by URL). */
  logger?: Logger;
}

/** ethers types a JSON-RPC answer as a result; an error answer (JsonRpcError) travels in the same array. */
type Answer = JsonRpcResult;
type Outcome = { answers: Answer[] } | { error: unknown };

/** Rounds over every endpoint while they all throttle, waiting 250 ms, 0.5 s, 1 s, 2 s, 4 s between them. */
const THROTTLED_ROUNDS = 5;
const BACKOFF_MS = 250;
/** ethers' tip when the node suggests none (its getFeeData's default): 1 gwei. */
const DEFAULT_TIP_WEI = 1_000_000_000n;
/** ethers' own request timeout: how long an endpoint that was asked is awaited at most. */
const ANSWER_TIMEOUT_MS = 300_000;

/**
 * A JsonRpcProvider over several endpoints of one chain, with the limits of hosted providers handled below the
 * ethers API, so every caller (scanner, reconcile, payouts, prices) gets them:
 * - a call that fails on an endpoint (connection refused or reset, an HTTP error) is sent to the next one, which
 *   stays in use (EndpointRotation); one with no answer within `timeoutMs` is sent to the next one too, and the first
 *   answer of either wins. Sending the same signed transaction twice is safe: the same bytes have the same hash, and a
 *   node that already has it answers "already known" (chain/evm-node.ts);
 * - HTTP 429, or a rate-limit answer in the body, goes round the endpoints again after a growing wait;
 * - eth_getLogs is asked in ranges of at most `logsMaxBlocks` blocks, and a range the provider refuses is asked
 *   again in halves (the smaller span is kept for the calls after it).
 * Errors that leave it carry no URL (they hold providers' API keys).
 */
export class FailoverRpcProvider extends JsonRpcProvider {
  readonly endpoints: EndpointRotation;
  private logsSpan: number;
  private readonly redact: Redact;
  /**
   * The latest block and the node's suggested tip, shared for headShareMs: one payout asks for them at its price (the
   * chain's clock), its gas check and its signing (the base fee), moments apart. Each answer is as old as a read that
   * many milliseconds ago, which a fee (re-priced by the fee bump when the chain passes it) and a feed's heartbeat allow.
   */
  private readonly latestBlock: () => Promise<Block | null>;
  private readonly suggestedTip: () => Promise<bigint | null>;

  constructor(chainId: number, urls: readonly string[], private readonly options: RpcOptions) {
    // staticNetwork: no background network detection loop. batchStallTime 0: calls made in one tick still go as one
    // batch, but no call waits ethers' default 10 ms for others to join it.
    super(urls[0], chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 250, batchStallTime: 0 });
    const probe = (url: string) => this.post(url, { method: 'eth_blockNumber', params: [], id: 0, jsonrpc: '2.0' }).then(([a]) => a?.result !== undefined);
    this.endpoints = new EndpointRotation(urls, probe, { onSwitch: (from, to) => logSwitch(options.logger, chainId, from, to) });
    this.logsSpan = options.logsMaxBlocks;
    this.redact = rpcUrlRedactor({ [chainId]: urls });
    this.latestBlock = sharedRecent(() => 'latest', () => super.getBlock('latest'), options.headShareMs);
    this.suggestedTip = sharedRecent(() => 'tip', () => this.send('eth_maxPriorityFeePerGas', []).then((v) => BigInt(v as string), () => null), options.headShareMs);
  }

  /** The latest block without its transactions is shared (latestBlock); any other block is asked for. */
  override async getBlock(block: BlockTag | string, prefetchTxs?: boolean): Promise<Block | null> {
    return block === 'latest' && !prefetchTxs ? this.latestBlock() : super.getBlock(block, prefetchTxs);
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<Answer[]> {
    for (let round = 0; ; round++) {
      const { outcome, throttled } = await this.round(payload);
      if (throttled && round < THROTTLED_ROUNDS) {
        await new Promise((r) => setTimeout(r, BACKOFF_MS * 2 ** round));
        continue;
      }
      if ('answers' in outcome) return outcome.answers;
      throw redactError(outcome.error, this.redact);
    }
  }

  /**
   * One round over the endpoints, the active one first. The next one is asked when an endpoint fails, or has not
   * answered within `timeoutMs`; an endpoint that is only slow is still awaited, so a slow answer beats none and a
   * slow active endpoint never hands the call to one that hangs. The first usable answer wins and the other requests
   * are aborted; each endpoint that failed, or was overtaken by a later one, is reported to the rotation.
   */
  private round(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<{ outcome: Outcome; throttled: boolean }> {
    const order = this.endpoints.order();
    const abort = new AbortController();
    let outcome: Outcome = { error: new Error('no endpoint') };
    let throttled = false;
    let asked = 0;
    let settled = 0;
    let timer: NodeJS.Timeout | undefined;
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        abort.abort();
        resolve({ outcome, throttled });
      };
      const askNext = () => {
        clearTimeout(timer);
        if (abort.signal.aborted || asked === order.length) return;
        const k = asked++;
        const i = order[k]!;
        if (asked < order.length) timer = setTimeout(askNext, this.options.timeoutMs);
        const failed = () => {
          this.endpoints.failed(i);
          if (++settled === order.length) finish();
          else askNext();
        };
        this.post(this.endpoints.urls[i]!, payload, ANSWER_TIMEOUT_MS, abort.signal).then(
          (answers) => {
            if (abort.signal.aborted) return;
            if (answers.some((a) => isThrottledAnswer((a as Partial<JsonRpcError>).error))) {
              outcome = { answers };
              throttled = true;
              return failed();
            }
            for (const j of order.slice(0, k)) this.endpoints.failed(j);
            outcome = { answers };
            throttled = false;
            finish();
          },
          (err: unknown) => {
            if (abort.signal.aborted) return;
            outcome = { error: err };
            throttled ||= (err as { response?: { statusCode?: number } }).response?.statusCode === 429;
            failed();
          },
        );
      };
      askNext();
    });
  }

  /**
   * EIP-1559 fees as ethers computes them (twice the latest block's base fee plus the node's suggested tip), in two
   * calls: ethers also asks eth_gasPrice, a legacy price no caller here signs with (gasPrice is null). Providers bill
   * per call.
   */
  override async getFeeData(): Promise<FeeData> {
    const [block, tip] = await Promise.all([this.latestBlock(), this.suggestedTip()]);
    if (!block?.baseFeePerGas) return new FeeData(null, null, null);
    const maxPriorityFeePerGas = tip ?? DEFAULT_TIP_WEI;
    return new FeeData(null, block.baseFeePerGas * 2n + maxPriorityFeePerGas, maxPriorityFeePerGas);
  }

  override async send(method: string, params: unknown[] | Record<string, unknown>): Promise<unknown> {
    if (method !== 'eth_getLogs' || !Array.isArray(params)) return super.send(method, params);
    return this.logsInRanges(params[0] as Record<string, unknown>);
  }

  private async logsInRanges(filter: Record<string, unknown>): Promise<unknown[]> {
    let head: Promise<number> | undefined;
    const blockOf = (tag: unknown): Promise<number> | number | null => {
      if (tag === undefined || tag === 'latest') return (head ??= super.send('eth_blockNumber', []).then(Number));
      if (tag === 'earliest') return 0;
      // Other tags (pending, safe, finalized) are left to the node, in one call.
      return typeof tag === 'string' && isHexString(tag) ? Number(tag) : null;
    };
    const [from, to] = await Promise.all([blockOf(filter.fromBlock), blockOf(filter.toBlock)]);
    if (filter.blockHash !== undefined || from === null || to === null) return (await super.send('eth_getLogs', [filter])) as unknown[];
    const logs: unknown[] = [];
    let span = this.logsSpan;
    for (let start = from; start <= to; ) {
      const end = Math.min(to, start + span - 1);
      try {
        logs.push(...((await super.send('eth_getLogs', [{ ...filter, fromBlock: toQuantity(start), toBlock: toQuantity(end) }])) as unknown[]));
        start = end + 1;
      } catch (err) {
        if (end === start || !isLogRangeError(err)) throw err;
        span = Math.ceil((end - start + 1) / 2);
      }
    }
    // Kept only once a smaller range has worked: a call that fails for another reason teaches nothing.
    this.logsSpan = Math.min(this.logsSpan, span);
    return logs;
  }

  /** Asks every endpoint the same call, each on its own: its result, or null where it failed or answered an error. */
  async eachEndpoint(method: string, params: unknown[]): Promise<unknown[]> {
    const payload = { method, params, id: 0, jsonrpc: '2.0' as const };
    return Promise.all(this.endpoints.urls.map((url) => this.post(url, payload).then(([a]) => a?.result ?? null, () => null)));
  }

  /** One JSON-RPC POST to one endpoint; a 429 comes back here (no retry inside ethers) to be handled across endpoints. */
  private async post(url: string, payload: JsonRpcPayload | JsonRpcPayload[], timeoutMs = this.options.timeoutMs, signal?: AbortSignal): Promise<Answer[]> {
    const request = new FetchRequest(url);
    request.timeout = timeoutMs;
    request.retryFunc = async () => false;
    request.getUrlFunc = (req) => postWithDeadline(req, signal);
    request.body = JSON.stringify(payload);
    request.setHeader('content-type', 'application/json');
    const response = await request.send();
    response.assertOk();
    const body = response.bodyJson as Answer | Answer[];
    return Array.isArray(body) ? body : [body];
  }
}

/** An operator learns that an endpoint failed (and when the first one is back), with the endpoints numbered from 1. */
export function logSwitch(logger: Logger | undefined, chainId: number, from: number, to: number): void {
  if (to === 0) logger?.info('RPC endpoint 1 answers again; calls go back to it', { chainId, failedOver: from + 1 });
  else logger?.warn('RPC endpoint failed; calls go to the next one', { chainId, failed: from + 1, active: to + 1 });
}
