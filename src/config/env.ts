import { getAddress } from 'ethers';
import { z } from 'zod';
import { parseFxRates } from '../domain/pricing';
import { parseCidrList } from '../domain/webhook-destination';

/** Seconds list like "30,120,600,3600,21600": exactly five positive integer delays (CONTRACT §7). */
const retryDelays = z
  .string()
  .regex(/^\d+(,\d+){4}$/, 'expected exactly five comma-separated whole seconds, e.g. 30,120,600,3600,21600')
  .transform((s) => s.split(',').map(Number));

/** "31337=http://127.0.0.1:8545,8453=https://..." → { 31337: url, ... } */
const rpcUrls = z
  .string()
  .transform((s, ctx) => {
    const out: Record<number, string> = {};
    for (const part of s.split(',').map((p) => p.trim()).filter(Boolean)) {
      const m = /^(\d+)=(https?:\/\/\S+)$/.exec(part);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: `expected <chainId>=<http(s) url>, got "${part}"` });
        return z.NEVER;
      }
      out[Number(m[1])] = m[2]!;
    }
    return out;
  });

/**
 * "8453=https://a.example/KEY|https://b.example/KEY,1=https://..." → { 8453: [a, b], 1: [...] }: each chain's endpoints
 * in the order they are tried (src/adapters/endpoint-rotation.ts). A bad entry is named by its chain, never echoed: the
 * URLs carry API keys.
 */
const rpcUrlLists = z.string().transform((s, ctx) => {
  const out: Record<number, string[]> = {};
  for (const part of s.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d+)=(\S+)$/.exec(part);
    const urls = m ? m[2]!.split('|') : [];
    if (!m || urls.some((u) => !/^https?:\/\/[^\s|]+$/.test(u))) {
      ctx.addIssue({ code: 'custom', message: `expected <chainId>=<http(s) url>[|<http(s) url>...]${m ? ` in the entry of chain ${m[1]}` : ''}` });
      return z.NEVER;
    }
    out[Number(m[1])] = urls;
  }
  return out;
});

/** "EUR=0.92,GBP=0.79": local units per 1 USD for the fixed FX provider; USD itself is always 1. */
const fxRates = z.string().transform((s, ctx) => {
  try {
    return parseFxRates(s);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
    return z.NEVER;
  }
});

/** The RPC defaults, shared with code that builds providers without a Config (tests, dev tools). */
export const RPC_DEFAULTS = { timeoutMs: 5_000, logsMaxBlocks: 2_000, headShareMs: 1_000, readTimeoutMs: 3_000 };

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const hex32 = z.string().regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex characters (32 bytes)');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  PORT: int(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Base URL the widget links are built from; defaults to http://HOST:PORT. */
  PUBLIC_BASE_URL: z.url().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'expected a postgresql:// URL'),
  TEMPORAL_ADDRESS: z.string().regex(/^[\w.-]+:\d+$/, 'expected host:port').default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('gateway'),
  TEMPORAL_UI_URL: z.url().default('http://127.0.0.1:8233'),
  /** TLS to the Temporal frontend; implied by a client certificate, a CA or an API key (src/temporal/client/connect-options.ts). */
  TEMPORAL_TLS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** mTLS: PEM files of the client certificate and its private key (both or neither). */
  TEMPORAL_TLS_CERT_PATH: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY_PATH: z.string().min(1).optional(),
  /** PEM file of the CA that signed the frontend's certificate, when the system does not trust it already. */
  TEMPORAL_TLS_CA_PATH: z.string().min(1).optional(),
  /** Temporal Cloud API key, sent over TLS as a Bearer token. */
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  /** A prebuilt workflow bundle for the worker (the crash campaign restarts it hundreds of times); else bundled at start. */
  WORKFLOW_BUNDLE_PATH: z.string().min(1).optional(),
  /** Per-chain JSON-RPC endpoints, several per chain tried in turn (`id=url1|url2`); a chain without one is reported down by /readyz. */
  CHAIN_RPC_URLS: rpcUrlLists.default({}),
  /** Per-chain TRON full-node HTTP API endpoints (`<chainId>=<url>[|<url>...]`); without one, that TRON chain is absent. */
  TRON_RPC_URLS: rpcUrlLists.default({}),
  /** How long one RPC endpoint may take to answer before the call goes to the chain's next endpoint (the last one left is waited for). */
  CHAIN_RPC_TIMEOUT_MS: int(RPC_DEFAULTS.timeoutMs, 100),
  /** Blocks one eth_getLogs call spans at most (a provider's refusal of a range halves it further). */
  CHAIN_LOGS_MAX_BLOCKS: int(RPC_DEFAULTS.logsMaxBlocks, 1),
  /** How long a chain's latest block and suggested tip, once read, answer the reads after it (fees, a feed's chain clock); 0 reads each time. */
  CHAIN_HEAD_SHARE_MS: int(RPC_DEFAULTS.headShareMs, 0),
  /** How long a chain read whose answer may be unknown (a bankroll balance, a payout's depth) waits before it is unknown (fail closed). */
  CHAIN_READ_TIMEOUT_MS: int(RPC_DEFAULTS.readTimeoutMs, 100),
  /** The dev chains' nodes themselves, bypassing the RPC proxies the service uses (for the `dev` CLI commands only). */
  DEV_CHAIN_NODE_URLS: rpcUrls.default({}),
  /** Encrypts webhook secrets at rest (AES-256-GCM). */
  SECRETS_KEY: hex32,
  /** Public half of the keys (the signing keys are the worker's alone, src/config/signing-keys.ts). */
  BANKROLL_ADDRESS: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address').transform((a) => getAddress(a)),
  /** Extended public key at m/44'/60'/0'/0: deposit address i is its child i. */
  DEPOSIT_XPUB: z.string().regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, "expected the xpub of m/44'/60'/0'/0"),
  /** Extended public key at m/44'/195'/0'/0: TRON deposit address i is its child i; required with TRON_RPC_URLS. */
  TRON_DEPOSIT_XPUB: z.string().regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, "expected the xpub of m/44'/195'/0'/0").optional(),
  ADMIN_TOKEN_TTL_SECONDS: int(8 * 3600, 60),
  /**
   * Admin login attempts (failed or not) allowed per client address, and per email from one client address, in the
   * sliding window; past ADMIN_LOGIN_EMAIL_FAILURES failures of an email from every address, each address gets at most
   * 3 attempts at it (decision record 0035).
   */
  ADMIN_LOGIN_MAX_PER_IP: int(30, 1),
  ADMIN_LOGIN_MAX_PER_EMAIL: int(10, 1),
  ADMIN_LOGIN_EMAIL_FAILURES: int(10, 1),
  ADMIN_LOGIN_WINDOW_SECONDS: int(300, 1),
  SESSION_TTL_SECONDS: int(3600, 1),
  WITHDRAW_REQUEST_TTL_SECONDS: int(86400, 1),
  /** A widget withdrawal's crypto amount holds this long; a payout signed later is re-priced at signing. */
  WITHDRAW_QUOTE_TTL_SECONDS: int(900, 1),
  HEADLESS_INTENT_TTL_SECONDS: int(86400, 1),
  /** How often a headless payout in WAITING_FOR_GAS re-checks the bankroll's native gas. */
  GAS_RECHECK_SECONDS: int(60, 1),
  /** Attempts (1 s, 2 s, 4 s ... apart, at most 30 s) of a headless payout's gas and asset checks before FAILED(retryable). */
  HEADLESS_SETTLE_ATTEMPTS: int(5, 1),
  /**
   * A CREATED headless intent's workflow reads its row this long after it starts, then at doubling intervals up to 15
   * minutes, to learn of an execute that committed while the workflow task that ran it was lost (decision 0052).
   */
  HEADLESS_REREAD_SECONDS: int(60, 1),
  /** Test-only: the headless workflow waits this long between signing and broadcasting, so a test can stop the worker there. */
  TEST_PAUSE_BEFORE_BROADCAST_MS: int(0),
  WEBHOOK_RETRY_DELAYS_SECONDS: retryDelays.default([30, 120, 600, 3600, 21600]),
  WEBHOOK_TIMEOUT_MS: int(10000, 1),
  /**
   * Internal ranges webhooks may reach anyway, e.g. "127.0.0.0/8" for receivers on this machine (CONTRACT §9 "Webhook
   * destinations"). Empty by default: loopback, private, link-local, CGNAT, unique-local, multicast and unspecified
   * addresses are refused.
   */
  WEBHOOK_ALLOWED_PRIVATE_CIDRS: z
    .string()
    .default('')
    .transform((s, ctx) => {
      try {
        return parseCidrList(s);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected comma-separated CIDR ranges such as 127.0.0.0/8,::1/128' });
        return z.NEVER;
      }
    }),
  /** How often the outbox relay looks for events whose delivery was never started. */
  OUTBOX_RELAY_SECONDS: int(5, 1),
  HELD_APPROVAL_RETRY_SECONDS: int(300, 1),
  CHAIN_POLL_MS: int(1000, 10),
  /** No outbound transaction (first signature or fee bump) is signed above this maxFeePerGas, in gwei. */
  MAX_FEE_PER_GAS_GWEI: int(500, 1),
  /** An outbound transaction unmined this long after signing is marked stuck (admin filter, warning log) and re-priced. */
  TX_STUCK_SECONDS: int(300, 1),
  /** Blocks one scanner step reads at most. */
  SCAN_MAX_BLOCKS: int(50, 1),
  /** How often a deposit waiting for a fresh price (or for its sweep to pay for its gas) re-tries. */
  PRICE_RETRY_SECONDS: int(60, 1),
  /** How often each chain's dust is weighed against the gas of sweeping it (aggregate dust sweeps). */
  DUST_SWEEP_SECONDS: int(300, 1),
  /** How often the worker checks each chain's hot-wallet ceiling and restarts treasury sends whose start was lost. */
  HOT_WALLET_CHECK_SECONDS: int(60, 1),
  /** How often the worker reconciles every active chain with the books (its metrics, the runbook's alert); 0 turns it off. */
  RECONCILE_EVERY_SECONDS: int(3600),
  /** The age limit of a feed registered without a heartbeat: an older round is unavailable (never a guess). */
  PRICE_MAX_AGE_SECONDS: int(3600, 1),
  /** A feed's round is fresh while younger than its heartbeat plus this, by wall-clock and chain time alike (CONTRACT §9). */
  PRICE_HEARTBEAT_MARGIN_SECONDS: int(600),
  /** After an L2 sequencer comes back up, its chain's prices stay unknown this long (Chainlink's sequencer-uptime feed). */
  PRICE_SEQUENCER_GRACE_SECONDS: int(3600),
  /** How long one price or fiat feed read may take before the price is unknown (the execute or withdrawal answers PRICE_UNAVAILABLE). */
  PRICE_READ_TIMEOUT_MS: int(3000, 100),
  /** PostgreSQL connections per process (API or worker). */
  DB_POOL_SIZE: int(10, 1),
  /** How long a database transaction waits for a free connection before the request answers 503 (nothing written). */
  DB_TX_MAX_WAIT_MS: int(10_000, 1),
  /**
   * When set, GET /metrics answers only a scraper sending it as a Bearer token (the figures include bankroll balances).
   * Required with NODE_ENV=production.
   */
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  /** The worker's Prometheus endpoint (its process and Temporal's worker metrics); 0 turns it off. */
  WORKER_METRICS_PORT: int(9464),
  /** Where the worker's metrics port listens: loopback unless a scraper elsewhere needs it (it has no token). */
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * Fixed local units per USD for a currency without a registered fiat feed (`fiat add`): dev and tests only, refused
   * with NODE_ENV=production. Empty: only USD and the fiat feeds' currencies are known.
   */
  FX_RATES: fxRates.default({}),
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment once; the message names every bad variable (never its value: some are secrets). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  const issues = result.success ? [...testOnlyIssues(result.data), ...pairIssues(result.data)] : result.error.issues;
  if (result.success && issues.length === 0) return result.data;
  const lines = issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
}

/** A pause between signing and broadcasting only serves crash tests; anywhere else it would just delay payouts. Fixed FX rates only serve dev and tests. */
function testOnlyIssues(c: Config): Array<{ path: string[]; message: string }> {
  const issues: Array<{ path: string[]; message: string }> = [];
  if (c.TEST_PAUSE_BEFORE_BROADCAST_MS !== 0 && c.NODE_ENV !== 'test') issues.push({ path: ['TEST_PAUSE_BEFORE_BROADCAST_MS'], message: 'only allowed with NODE_ENV=test' });
  // A fixed rate has no age: in production a currency is priced from its fiat feed or not at all.
  // The API's figures include bankroll balances: in production they are never served to anyone who asks.
  if (!c.METRICS_TOKEN && c.NODE_ENV === 'production') issues.push({ path: ['METRICS_TOKEN'], message: 'required with NODE_ENV=production (GET /metrics shows bankroll balances)' });
  if (Object.keys(c.FX_RATES).length > 0 && c.NODE_ENV === 'production') issues.push({ path: ['FX_RATES'], message: 'fixed rates are for dev and tests: register fiat feeds (`fiat add`) in production' });
  // A TRON chain needs its deposit addresses, which the API derives from the public key alone.
  if (Object.keys(c.TRON_RPC_URLS).length > 0 && !c.TRON_DEPOSIT_XPUB) issues.push({ path: ['TRON_DEPOSIT_XPUB'], message: 'required when TRON_RPC_URLS is set' });
  return issues;
}

/** A client certificate without its key (or the reverse) cannot authenticate: refuse it at start, not at first call. */
function pairIssues(c: Config): Array<{ path: string[]; message: string }> {
  if (!c.TEMPORAL_TLS_CERT_PATH === !c.TEMPORAL_TLS_KEY_PATH) return [];
  const missing = c.TEMPORAL_TLS_CERT_PATH ? 'TEMPORAL_TLS_KEY_PATH' : 'TEMPORAL_TLS_CERT_PATH';
  return [{ path: [missing], message: 'TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH go together' }];
}
