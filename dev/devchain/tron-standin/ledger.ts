import { AbiCoder, sha256, toUtf8Bytes } from 'ethers';
import { utils } from 'tronweb';
import { tronFromHex, tronHex } from '../../../src/adapters/tron-address';
import { tronSignerOf, txIdMatches, type TronTx } from '../../../src/chain/tron-tx';

/**
 * STAND-IN, NOT A TRON NODE. The in-memory state behind the stand-in of the TRON full-node HTTP API (server.ts):
 * TRX balances, TRC-20 tokens (transfer / balanceOf only), Chainlink-style feeds (decimals / latestRoundData),
 * blocks of the transactions it accepted, and TRON's resource model in a simplified form: a fixed energy per
 * TRC-20 transfer burned as TRX at `energyFeeSun`, 600 free bandwidth points a day per account, then `bandwidthFeeSun`
 * a byte, and 1 TRX to activate an account. It checks what a node checks before accepting a transaction: txID =
 * sha256(raw_data_hex), the signature recovers the owner, TAPOS (ref block), expiration, duplicates, an activated
 * owner. It executes what raw_data_hex says (decoded by tronweb), never the JSON beside it. No TVM, no consensus,
 * no staking or delegation, no reorgs.
 */

export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Stand-in energy of one TRC-20 transfer: to a holder, and to an address with no balance yet (a new storage slot). */
export const ENERGY = { transferToHolder: 14_650, transferToNew: 29_650 } as const;
export const FREE_BANDWIDTH = 600;
export const ACTIVATION_FEE_SUN = 1_000_000n;

const abi = AbiCoder.defaultAbiCoder();

interface Block { number: number; blockID: string; parentHash: string; timestamp: number; txs: TronTx[] }
export interface TxLog { address: string; topics: string[]; data: string }
export interface TxInfo {
  id: string; fee: number; blockNumber: number; blockTimeStamp: number; contractResult?: string[]; contract_address?: string;
  receipt: { energy_usage_total?: number; energy_fee?: number; net_usage?: number; net_fee?: number; result?: string };
  log?: TxLog[]; result?: 'FAILED'; resMessage?: string;
}
export class Refusal extends Error {
  constructor(readonly code: string, message: string) { super(message); }
}

export class TronLedger {
  readonly blocks: Block[] = [];
  private readonly pending: TronTx[] = [];
  private readonly infos = new Map<string, TxInfo>();
  private readonly txs = new Map<string, TronTx>();
  /** Hex (41...) → sun; an address is activated once it has an entry. */
  private readonly trx = new Map<string, bigint>();
  private readonly tokens = new Map<string, { symbol: string; decimals: number; balances: Map<string, bigint> }>();
  private readonly feeds = new Map<string, { decimals: number; answer: bigint; updatedAt: number }>();
  private readonly freeNetUsed = new Map<string, number>();
  /** Broadcasts refused while true, as an unreachable node would be (the HTTP server answers 503). */
  down = false;

  constructor(readonly params = { energyFeeSun: 420n, bandwidthFeeSun: 1000n }) {
    this.seal();
  }

  head(): Block { return this.blocks.at(-1)!; }
  block(n: number): Block | undefined { return this.blocks[n]; }
  info(txID: string): TxInfo | undefined { return this.infos.get(txID); }
  tx(txID: string): TronTx | undefined { return this.txs.get(txID); }
  infosOf(n: number): TxInfo[] { return (this.blocks[n]?.txs ?? []).map((t) => this.infos.get(t.txID)!); }
  trxOf(address: string): bigint | null { return this.trx.get(hex(address)) ?? null; }
  tokenBalance(token: string, owner: string): bigint { return this.tokens.get(hex(token))?.balances.get(hex(owner)) ?? 0n; }
  netUsed(address: string): number { return this.freeNetUsed.get(hex(address)) ?? 0; }

  /** Genesis-style credits (no transaction): test fixtures fund accounts this way. */
  credit(address: string, sun: bigint): void { this.trx.set(hex(address), (this.trx.get(hex(address)) ?? 0n) + sun); }
  /** Sets an account's TRX (tests: a bankroll without enough TRX for energy). Returns the former balance. */
  setTrx(address: string, sun: bigint): bigint {
    const before = this.trx.get(hex(address)) ?? 0n;
    this.trx.set(hex(address), sun);
    return before;
  }
  mint(token: string, to: string, raw: bigint): void {
    const t = this.tokens.get(hex(token))!;
    t.balances.set(hex(to), (t.balances.get(hex(to)) ?? 0n) + raw);
  }
  deployToken(symbol: string, decimals: number): string {
    const address = contractAddress(`token:${symbol}`);
    this.tokens.set(hex(address), { symbol, decimals, balances: new Map() });
    return address;
  }
  deployFeed(name: string, decimals: number, answer: bigint): string {
    const address = contractAddress(`feed:${name}`);
    this.feeds.set(hex(address), { decimals, answer, updatedAt: Math.floor(Date.now() / 1000) });
    return address;
  }
  setFeed(address: string, answer: bigint, updatedAt = Math.floor(Date.now() / 1000)): void {
    this.feeds.set(hex(address), { ...this.feeds.get(hex(address))!, answer, updatedAt });
  }

  /** A read-only call (triggerconstantcontract): balanceOf, decimals, latestRoundData. Returns hex without 0x. */
  call(contract: string, data: string): { result: string; energy: number } {
    const selector = data.slice(0, 8);
    const token = this.tokens.get(hex(contract));
    if (token && selector === '70a08231') {
      const [owner] = abi.decode(['address'], '0x' + data.slice(8));
      return { result: word(token.balances.get('41' + String(owner).slice(2).toLowerCase()) ?? 0n), energy: 1_000 };
    }
    if (token && selector === 'a9059cbb') return { result: word(1n), energy: this.transferEnergy(token.balances, data) };
    const feed = this.feeds.get(hex(contract));
    if (feed && selector === '313ce567') return { result: word(BigInt(feed.decimals)), energy: 500 };
    if (feed && selector === 'feaf968c') {
      const out = abi.encode(['uint80', 'int256', 'uint256', 'uint256', 'uint80'], [1n, feed.answer, feed.updatedAt, feed.updatedAt, 1n]);
      return { result: out.slice(2), energy: 2_000 };
    }
    throw new Refusal('CONTRACT_VALIDATE_ERROR', 'No contract or not a valid smart contract');
  }

  private transferEnergy(balances: Map<string, bigint>, data: string): number {
    const [to] = abi.decode(['address', 'uint256'], '0x' + data.slice(8));
    return (balances.get('41' + String(to).slice(2).toLowerCase()) ?? 0n) > 0n ? ENERGY.transferToHolder : ENERGY.transferToNew;
  }

  /** /wallet/broadcasttransaction: a node's admission checks; an accepted transaction waits for the next block. */
  accept(tx: TronTx): void {
    if (this.down) throw new Refusal('SERVER_BUSY', 'node unavailable');
    if (!tx?.txID || !tx.raw_data_hex || !txIdMatches(tx)) throw new Refusal('SIGERROR', 'txID is not sha256(raw_data_hex)');
    if (this.txs.has(tx.txID)) throw new Refusal('DUP_TRANSACTION_ERROR', 'dup transaction');
    const decoded = decode(tx);
    let signer: string;
    try {
      signer = tronSignerOf(tx);
    } catch {
      throw new Refusal('SIGERROR', 'validate signature error');
    }
    if (hex(signer) !== decoded.value.owner_address) throw new Refusal('SIGERROR', 'validate signature error: signer is not the owner');
    const head = this.head();
    if (decoded.expiration <= head.timestamp || decoded.expiration > head.timestamp + 86_400_000) throw new Refusal('TRANSACTION_EXPIRATION_ERROR', 'transaction expired');
    const ref = this.blocks.find((b) => (b.number & 0xffff).toString(16).padStart(4, '0') === decoded.ref_block_bytes && b.blockID.slice(16, 32) === decoded.ref_block_hash);
    if (!ref) throw new Refusal('TAPOS_ERROR', 'Tapos check error');
    if (!this.trx.has(decoded.value.owner_address)) throw new Refusal('CONTRACT_VALIDATE_ERROR', `account ${signer} does not exist`);
    if (decoded.type === 'TriggerSmartContract' && !this.tokens.has(decoded.value.contract_address!)) throw new Refusal('CONTRACT_VALIDATE_ERROR', 'No contract or not a valid smart contract');
    if (decoded.type === 'TransferContract' && (this.trx.get(decoded.value.owner_address) ?? 0n) < BigInt(decoded.value.amount!)) throw new Refusal('CONTRACT_VALIDATE_ERROR', 'balance is not sufficient');
    this.txs.set(tx.txID, tx);
    this.pending.push(tx);
  }

  /** Produces one block holding every accepted transaction, executed in order. */
  seal(): Block {
    const parent = this.blocks.at(-1);
    const number = parent ? parent.number + 1 : 0;
    const timestamp = Math.max(Date.now(), (parent?.timestamp ?? 0) + 1);
    const txs = this.pending.splice(0);
    const parentHash = parent?.blockID ?? '0'.repeat(64);
    const digest = sha256(toUtf8Bytes(JSON.stringify({ number, parentHash, timestamp, txs: txs.map((t) => t.txID) }))).slice(2);
    const block = { number, blockID: number.toString(16).padStart(16, '0') + digest.slice(16), parentHash, timestamp, txs };
    this.blocks.push(block);
    for (const tx of txs) this.infos.set(tx.txID, this.execute(tx, block));
    return block;
  }

  private execute(tx: TronTx, block: Block): TxInfo {
    const d = decode(tx);
    const owner = d.value.owner_address;
    const base = { id: tx.txID, blockNumber: block.number, blockTimeStamp: block.timestamp };
    const netFee = this.bandwidth(owner, tx);
    if (d.type === 'TransferContract') {
      const to = d.value.to_address!;
      const activation = this.trx.has(to) ? 0n : ACTIVATION_FEE_SUN;
      const amount = BigInt(d.value.amount!);
      this.debit(owner, amount + activation + netFee.fee);
      this.trx.set(to, (this.trx.get(to) ?? 0n) + amount);
      const fee = Number(activation + netFee.fee);
      return { ...base, fee, receipt: { net_usage: netFee.usage, net_fee: Number(netFee.fee) } };
    }
    const token = this.tokens.get(d.value.contract_address!)!;
    const energy = this.transferEnergy(token.balances, d.value.data!);
    const energyFee = BigInt(energy) * this.params.energyFeeSun;
    const ownerTrx = (this.trx.get(owner) ?? 0n) - netFee.fee;
    const [to, value] = abi.decode(['address', 'uint256'], '0x' + d.value.data!.slice(8)) as unknown as [string, bigint];
    const from = token.balances.get(owner) ?? 0n;
    const failed = (result: string, burn: bigint, message: string): TxInfo => {
      this.debit(owner, netFee.fee + burn);
      return { ...base, fee: Number(netFee.fee + burn), contract_address: d.value.contract_address, result: 'FAILED', resMessage: Buffer.from(message).toString('hex'),
        receipt: { energy_usage_total: energy, energy_fee: Number(burn), net_usage: netFee.usage, net_fee: Number(netFee.fee), result } };
    };
    if (energyFee > BigInt(d.fee_limit ?? 0) || energyFee > ownerTrx) return failed('OUT_OF_ENERGY', min(BigInt(d.fee_limit ?? 0), ownerTrx), 'Not enough energy');
    if (d.value.data!.slice(0, 8) !== 'a9059cbb' || from < value) return failed('REVERT', energyFee, 'REVERT opcode executed');
    this.debit(owner, netFee.fee + energyFee);
    const toHex = '41' + to.slice(2).toLowerCase();
    token.balances.set(owner, from - value);
    token.balances.set(toHex, (token.balances.get(toHex) ?? 0n) + value);
    const log = { address: d.value.contract_address!.slice(2), topics: [TRANSFER_TOPIC, word(BigInt('0x' + owner.slice(2))), word(BigInt(to))], data: word(value) };
    return { ...base, fee: Number(netFee.fee + energyFee), contractResult: [word(1n)], contract_address: d.value.contract_address, log: [log],
      receipt: { energy_usage_total: energy, energy_fee: Number(energyFee), net_usage: netFee.usage, net_fee: Number(netFee.fee), result: 'SUCCESS' } };
  }

  /** Bandwidth: the transaction's bytes (raw + signature) from the free daily allowance, else burned as TRX. */
  private bandwidth(owner: string, tx: TronTx): { usage: number; fee: bigint } {
    const bytes = tx.raw_data_hex.length / 2 + 65 * (tx.signature?.length ?? 1) + 64;
    const used = this.freeNetUsed.get(owner) ?? 0;
    if (used + bytes <= FREE_BANDWIDTH) {
      this.freeNetUsed.set(owner, used + bytes);
      return { usage: bytes, fee: 0n };
    }
    return { usage: 0, fee: BigInt(bytes) * this.params.bandwidthFeeSun };
  }

  private debit(owner: string, sun: bigint): void {
    this.trx.set(owner, (this.trx.get(owner) ?? 0n) - sun);
  }
}

/** Decodes raw_data_hex (what was signed) with tronweb; the JSON raw_data beside it is not trusted. */
function decode(tx: TronTx) {
  const type = tx.raw_data?.contract?.[0]?.type;
  if (type !== 'TransferContract' && type !== 'TriggerSmartContract') throw new Refusal('CONTRACT_VALIDATE_ERROR', `the stand-in does not execute ${String(type)}`);
  let raw: { contract: Array<{ parameter: { value: Record<string, string | number> } }>; ref_block_bytes: string; ref_block_hash: string; expiration: number; fee_limit?: number };
  try {
    raw = utils.deserializeTx.deserializeTransaction(type, tx.raw_data_hex) as typeof raw;
  } catch {
    throw new Refusal('CONTRACT_VALIDATE_ERROR', 'raw_data_hex does not decode');
  }
  const v = raw.contract[0]!.parameter.value;
  const lower = (x: unknown) => (x === undefined ? undefined : String(x).toLowerCase());
  return {
    type, expiration: raw.expiration, fee_limit: raw.fee_limit, ref_block_bytes: raw.ref_block_bytes.toLowerCase(), ref_block_hash: raw.ref_block_hash.toLowerCase(),
    value: { owner_address: lower(v.owner_address)!, to_address: lower(v.to_address), contract_address: lower(v.contract_address), data: lower(v.data), amount: v.amount },
  };
}

const hex = (address: string) => (address.startsWith('T') ? tronHex(address) : address.toLowerCase());
const word = (n: bigint) => n.toString(16).padStart(64, '0');
const min = (a: bigint, b: bigint) => (a < b ? a : b);
/** A stable, valid contract address per name (the stand-in deploys no bytecode). */
const contractAddress = (name: string) => tronFromHex('41' + sha256(toUtf8Bytes(name)).slice(26));
