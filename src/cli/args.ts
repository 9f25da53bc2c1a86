import { parseArgs } from 'node:util';
import type { z } from 'zod';

/** A wrong call of the CLI (exit 2), as opposed to a failure while carrying it out (exit 1). */
export class UsageError extends Error {}

export type Flags = Record<string, string | string[] | boolean | undefined>;

export function parse(args: string[], options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>) {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { flags: values as Flags, positionals };
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function validate<S extends z.ZodType>(schema: S, flags: Flags): z.infer<S> {
  const r = schema.safeParse(flags);
  if (r.success) return r.data;
  throw new UsageError(r.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; '));
}
