import { Context } from '@temporalio/activity';
import pino from 'pino';

/**
 * JSON-lines logger on pino. Services log to stdout; the CLI logs to stderr so its stdout stays one JSON object.
 * Secrets are redacted by field name (below); lines written inside an activity carry its workflow and activity ids.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  /** Whether a line of this level is written: a caller whose fields cost work asks first. */
  enabled(level: Level): boolean;
}

/** Field names whose values never reach a log line, at any of the first three levels of a line. */
export const REDACTED_FIELDS = [
  'authorization', 'cookie', 'x-api-key', 'apiKey', 'secret', 'webhookSecret', 'signingSecret', 'signature',
  'x-signature', 'sid', 'password', 'token', 'privateKey', 'mnemonic', 'seed', 'rpc', 'rpcUrl', 'webhookUrl',
];
const redactPaths = REDACTED_FIELDS.flatMap((f) => {
  const k = `["${f}"]`;
  return [k, `*${k}`, `*.*${k}`];
});

/**
 * bigint as a decimal string (money stays exact); errors as name, message and code, never stacks (they can carry
 * URLs). An error's cause is kept only when it is a gRPC error (a numeric code: what an on-call engineer needs of a
 * Temporal client's "Workflow Update failed"); other causes, a provider's error among them, can name an RPC URL.
 */
function plain(v: unknown, depth = 0): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Error) {
    const code = (v as { code?: unknown }).code;
    const grpcCause = v.cause instanceof Error && typeof (v.cause as { code?: unknown }).code === 'number';
    return {
      name: v.name,
      message: v.message,
      ...(typeof code === 'number' || typeof code === 'string' ? { code } : {}),
      ...(grpcCause && depth < 4 ? { cause: plain(v.cause, depth + 1) } : {}),
    };
  }
  if (depth < 4 && v && typeof v === 'object' && !Array.isArray(v)) {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x, depth + 1)]));
  }
  if (depth < 4 && Array.isArray(v)) return v.map((x) => plain(x, depth + 1));
  return v;
}

/** The running activity's workflow and activity ids, when the line is written inside one. */
function activityIds(): Record<string, string> {
  try {
    const info = Context.current().info;
    return { workflowId: info.workflowExecution?.workflowId ?? '', activityId: info.activityId, activityType: info.activityType };
  } catch {
    return {};
  }
}

function wrap(p: pino.Logger): Logger {
  const write = (level: Level) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (!p.isLevelEnabled(level)) return;
    p[level]({ ...activityIds(), ...(plain(fields) as Record<string, unknown>) }, msg);
  };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (fields) => wrap(p.child(plain(fields) as Record<string, unknown>)),
    enabled: (level) => p.isLevelEnabled(level),
  };
}

export function createLogger(opts: {
  level?: Level;
  stream?: NodeJS.WritableStream;
  base?: Record<string, unknown>;
  /** Applied to every line, e.g. to drop RPC URLs (which carry providers' keys) wherever they appear. */
  redact?: (line: string) => string;
} = {}): Logger {
  const target: { write(s: string): unknown } = opts.stream ?? pino.destination({ dest: 1, sync: true });
  const redactLine = opts.redact;
  const destination = redactLine ? { write: (s: string) => target.write(redactLine(s)) } : target;
  return wrap(
    pino(
      {
        level: opts.level ?? 'info',
        base: (plain(opts.base ?? {}) as Record<string, unknown>),
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        serializers: { err: (e: unknown) => e }, // plain() has already reduced errors to name and message
        redact: { paths: redactPaths, censor: '[redacted]' },
      },
      destination as pino.DestinationStream,
    ),
  );
}
