import { EndpointRotation } from './endpoint-rotation';

/** A TRON transaction as the full-node HTTP API carries it (hex addresses, `visible: false`). */
export interface TronTx {
  txID: string;
  visible: false;
  raw_data: Record<string, unknown> & { contract: Array<{ type: string; parameter: { value: Record<string, unknown>; type_url: string } }>; expiration: number };
  raw_data_hex: string;
  signature?: string[];
}

/** A block as /wallet/getnowblock and /wallet/getblockbynum return it (transactions left out here). */
export interface TronBlock {
  blockID: string;
  block_header: { raw_data: { number: number; timestamp: number; parentHash: string } };
}

/** /wallet/gettransactioninfobyid: the execution result once the transaction is in a block. */
export interface TronTxInfo {
  id: string;
  fee?: number;
  blockNumber: number;
  blockTimeStamp: number;
  contract_address?: string;
  receipt: { result?: string; energy_usage_total?: number; energy_fee?: number; net_usage?: number; net_fee?: number };
  log?: Array<{ address: string; topics: string[]; data: string }>;
  result?: 'FAILED';
}

export type BroadcastAnswer = { ok: true } | { ok: false; code: string; message: string };

/** The node's refusal, or an unreachable node: the message never carries the URL (it may hold an API key). */
export class TronNodeError extends Error {}

/** An endpoint that did not answer, or answered an HTTP error: the call goes on to the next endpoint. */
class Unreachable extends TronNodeError {}

/**
 * A client of the TRON full-node HTTP API (java-tron /wallet/*, as TronGrid and the test networks serve it), hex
 * addresses (`visible: false`). Only the calls the gateway makes.
 */
export class TronNode {
  private readonly endpoints: EndpointRotation;

  /** Several URLs are tried in turn, as for EVM chains (endpoint-rotation.ts); a broadcast sent twice has one txID. */
  constructor(urls: string | readonly string[], private readonly timeoutMs = 10_000, onSwitch?: (from: number, to: number) => void) {
    this.endpoints = new EndpointRotation(typeof urls === 'string' ? [urls] : urls, (url) => this.postTo(url, '/wallet/getnowblock', {}).then(() => true), { onSwitch });
  }

  /** The node's own refusal (an `Error` in its answer) is an answer; an unreachable endpoint or an HTTP error moves on. */
  private async post<T>(path: string, body: unknown): Promise<T> {
    let last: unknown;
    for (const i of this.endpoints.order()) {
      try {
        return await this.postTo<T>(this.endpoints.urls[i]!, path, body);
      } catch (err) {
        if (!(err instanceof Unreachable)) throw err;
        last = err;
        this.endpoints.failed(i);
      }
    }
    throw last;
  }

  private async postTo<T>(url: string, path: string, body: unknown): Promise<T> {
    let res: Response;
    let json: T & { Error?: string };
    try {
      res = await fetch(url.replace(/\/$/, '') + path, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) throw new Unreachable(`TRON node ${path} answered HTTP ${res.status}`);
      json = (await res.json()) as T & { Error?: string };
    } catch (err) {
      throw err instanceof Unreachable ? err : new Unreachable(`TRON node ${path} unreachable (${(err as Error).name})`);
    }
    if (json && typeof json === 'object' && 'Error' in json && json.Error) throw new TronNodeError(`TRON node ${path}: ${String(json.Error).slice(0, 200)}`);
    return json;
  }

  async nowBlock(): Promise<TronBlock> {
    return this.post<TronBlock>('/wallet/getnowblock', {});
  }

  async headNumber(): Promise<number> {
    return (await this.nowBlock()).block_header.raw_data.number;
  }

  /** The block, or null when the node does not have it (yet). */
  async block(num: number): Promise<TronBlock | null> {
    const b = await this.post<Partial<TronBlock>>('/wallet/getblockbynum', { num });
    return b.blockID ? (b as TronBlock) : null;
  }

  /** The block's transactions with their execution result (`ret`); none when the node does not have the block. */
  async blockTransactions(num: number): Promise<Array<TronTx & { ret?: Array<{ contractRet?: string }> }>> {
    const b = await this.post<{ transactions?: Array<TronTx & { ret?: Array<{ contractRet?: string }> }> }>('/wallet/getblockbynum', { num });
    return b.transactions ?? [];
  }

  async blockTxInfos(num: number): Promise<TronTxInfo[]> {
    const infos = await this.post<TronTxInfo[] | Record<string, never>>('/wallet/gettransactioninfobyblocknum', { num });
    return Array.isArray(infos) ? infos : [];
  }

  /** The execution result, or null while the transaction is in no block. */
  async txInfo(txID: string): Promise<TronTxInfo | null> {
    const info = await this.post<Partial<TronTxInfo>>('/wallet/gettransactioninfobyid', { value: txID });
    return info.id ? (info as TronTxInfo) : null;
  }

  /** Known to the node (pending or in a block). */
  async knows(txID: string): Promise<boolean> {
    const tx = await this.post<Partial<TronTx>>('/wallet/gettransactionbyid', { value: txID });
    return Boolean(tx.txID);
  }

  async broadcast(tx: TronTx): Promise<BroadcastAnswer> {
    const a = await this.post<{ result?: boolean; code?: string; message?: string }>('/wallet/broadcasttransaction', tx);
    if (a.result) return { ok: true };
    return { ok: false, code: a.code ?? 'UNKNOWN', message: a.message ? Buffer.from(a.message, 'hex').toString('utf8') : '' };
  }

  /** A read-only contract call; `data` is selector + arguments in hex without 0x. Returns the hex result and energy. */
  async constant(contractHex: string, data: string, ownerHex = '410000000000000000000000000000000000000000'): Promise<{ result: string; energy: number }> {
    const a = await this.post<{ result?: { result?: boolean; message?: string }; constant_result?: string[]; energy_used?: number }>(
      '/wallet/triggerconstantcontract', { owner_address: ownerHex, contract_address: contractHex, data, visible: false },
    );
    if (!a.result?.result || !a.constant_result?.[0]) throw new TronNodeError('TRON node refused the constant call');
    return { result: a.constant_result[0], energy: a.energy_used ?? 0 };
  }

  /** The account's TRX balance in sun, or null when the account is not activated. */
  async trxBalance(addressHex: string): Promise<bigint | null> {
    const a = await this.post<{ address?: string; balance?: number }>('/wallet/getaccount', { address: addressHex, visible: false });
    return a.address ? BigInt(a.balance ?? 0) : null;
  }

  async chainParameters(): Promise<Record<string, number>> {
    const a = await this.post<{ chainParameter?: Array<{ key: string; value?: number }> }>('/wallet/getchainparameters', {});
    return Object.fromEntries((a.chainParameter ?? []).map((p) => [p.key, p.value ?? 0]));
  }
}
