import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Wallet } from 'ethers';
import { tronFromEvm, tronFromHex, tronHex } from '../../../src/adapters/tron-address';
import { refBlockOf, signTronTx, trc20TransferTx, type TronTx } from '../../../src/chain/tron-tx';
import { FREE_BANDWIDTH, Refusal, TronLedger } from './ledger';

/**
 * STAND-IN of the TRON full-node HTTP API (java-tron's /wallet/* endpoints), for tests and `npm start` only (dev/devchain:
 * never imported by the service): it answers the documented request and response shapes the gateway uses, over a
 * TronLedger held in memory. Blocks come every `blockMs` (0: only when `mine()` is called). With a `faucet`, the
 * dev-only `POST /standin/fund { address, amount }` pays `amount` raw units of its token from the faucet's key, as a
 * signed transaction in the next block (a deposit the scanner finds like any other).
 */
export interface TronStandIn {
  url: string;
  ledger: TronLedger;
  mine(blocks?: number): number;
  stop(): Promise<void>;
}

type Body = Record<string, unknown>;
const addr = (a: unknown) => (typeof a === 'string' && a.startsWith('T') ? tronHex(a) : String(a ?? '').toLowerCase());
const hexMessage = (s: string) => Buffer.from(s).toString('hex');

function blockJson(l: TronLedger, n: number) {
  const b = l.block(n);
  if (!b) return {};
  return {
    blockID: b.blockID,
    block_header: { raw_data: { number: b.number, txTrieRoot: '0'.repeat(64), witness_address: '41' + '00'.repeat(20), parentHash: b.parentHash, version: 30, timestamp: b.timestamp }, witness_signature: '' },
    ...(b.txs.length ? { transactions: b.txs.map((t) => ({ ...t, ret: [{ contractRet: l.info(t.txID)?.receipt.result ?? 'SUCCESS' }] })) } : {}),
  };
}

function route(l: TronLedger, path: string, body: Body): unknown {
  switch (path) {
    case '/wallet/getnowblock':
      return blockJson(l, l.head().number);
    case '/wallet/getblockbynum':
      return blockJson(l, Number(body.num));
    case '/wallet/gettransactioninfobyblocknum':
      return l.infosOf(Number(body.num));
    case '/wallet/gettransactioninfobyid':
      return l.info(String(body.value)) ?? {};
    case '/wallet/gettransactionbyid':
      return l.tx(String(body.value)) ?? {};
    case '/wallet/broadcasttransaction': {
      const tx = body as unknown as TronTx;
      try {
        l.accept(tx);
        return { result: true, txid: tx.txID };
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        return { code: err.code, txid: tx.txID, message: hexMessage(err.message) };
      }
    }
    case '/wallet/triggerconstantcontract':
    case '/wallet/estimateenergy': {
      const data = body.data ? String(body.data) : selectorOf(String(body.function_selector)) + String(body.parameter ?? '');
      try {
        const { result, energy } = l.call(addr(body.contract_address), data);
        return path === '/wallet/estimateenergy'
          ? { result: { result: true }, energy_required: energy }
          : { result: { result: true }, energy_used: energy, constant_result: [result], transaction: {} };
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        return { result: { code: err.code, message: hexMessage(err.message) } };
      }
    }
    case '/wallet/getaccount': {
      const balance = l.trxOf(addr(body.address));
      return balance === null ? {} : { address: body.visible ? tronFromHex(addr(body.address)) : addr(body.address), balance: Number(balance), create_time: l.block(0)!.timestamp };
    }
    case '/wallet/getaccountresource':
      return { freeNetUsed: l.netUsed(addr(body.address)), freeNetLimit: FREE_BANDWIDTH, TotalEnergyLimit: 90_000_000_000, TotalEnergyWeight: 1 };
    case '/wallet/getchainparameters':
      return { chainParameter: [
        { key: 'getTransactionFee', value: Number(l.params.bandwidthFeeSun) },
        { key: 'getEnergyFee', value: Number(l.params.energyFeeSun) },
        { key: 'getCreateNewAccountFeeInSystemContract', value: 1_000_000 },
        { key: 'getCreateAccountFee', value: 100_000 },
      ] };
    default:
      return undefined;
  }
}

const selectorOf = (signature: string) => {
  const known: Record<string, string> = { 'balanceOf(address)': '70a08231', 'transfer(address,uint256)': 'a9059cbb', 'decimals()': '313ce567', 'latestRoundData()': 'feaf968c' };
  return known[signature.replace(/\s/g, '')] ?? '00000000';
};

export interface Faucet {
  privateKey: string;
  token: string;
}

/** The faucet's transfer, built and signed like a wallet's, then accepted as any broadcast is. */
function fund(l: TronLedger, faucet: Faucet, body: Body): { result: true; txid: string } {
  const from = tronFromEvm(new Wallet(faucet.privateKey).address);
  const head = l.head();
  const ref = refBlockOf({ blockID: head.blockID, block_header: { raw_data: { number: head.number, timestamp: head.timestamp } } }, 60_000);
  const tx = signTronTx(trc20TransferTx({ from, token: faucet.token, to: String(body.address), raw: BigInt(String(body.amount)), feeLimitSun: 50_000_000n }, ref), faucet.privateKey);
  l.accept(tx);
  return { result: true, txid: tx.txID };
}

export async function startTronStandIn(opts: { blockMs?: number; ledger?: TronLedger; port?: number; faucet?: Faucet } = {}): Promise<TronStandIn> {
  const ledger = opts.ledger ?? new TronLedger();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (ledger.down) return send(503, { Error: 'node unavailable' });
      try {
        const body = raw ? (JSON.parse(raw) as Body) : {};
        const path = (req.url ?? '').split('?')[0]!;
        const answer = path === '/standin/fund' && opts.faucet ? fund(ledger, opts.faucet, body) : route(ledger, path, body);
        if (answer === undefined) return send(404, { Error: 'the stand-in does not serve this endpoint' });
        send(200, answer);
      } catch (err) {
        send(200, { Error: `class java.lang.IllegalArgumentException : ${String((err as Error).message)}` });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', resolve);
  });
  const timer = opts.blockMs ? setInterval(() => ledger.seal(), opts.blockMs) : null;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ledger,
    mine(blocks = 1) {
      for (let i = 0; i < blocks; i++) ledger.seal();
      return ledger.head().number;
    },
    async stop() {
      if (timer) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
