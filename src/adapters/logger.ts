/** JSON-lines logger. Services log to stdout; the CLI logs to stderr so its stdout stays one JSON object. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export function createLogger(opts: {
  level?: Level;
  stream?: NodeJS.WritableStream;
  base?: Record<string, unknown>;
} = {}): Logger {
  const min = ORDER[opts.level ?? 'info'];
  const stream = opts.stream ?? process.stdout;
  const base = opts.base ?? {};
  const write = (level: Level) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[level] < min) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...base, ...fields }, (_k, v: unknown) =>
      typeof v === 'bigint' ? v.toString() : v instanceof Error ? { name: v.name, message: v.message } : v,
    );
    stream.write(line + '\n');
  };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (fields) => createLogger({ ...opts, base: { ...base, ...fields } }),
  };
}
