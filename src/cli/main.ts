import { z } from 'zod';
import { createDb, type Db } from '../adapters/db';
import { redactError, rpcUrlRedactor, type Redact } from '../adapters/rpc-redaction';
import { loadConfig, type Config } from '../config/env';
import { RegistryInputError } from '../domain/registry-input';
import { Prisma } from '../generated/prisma/client';
import { createAdmin, enrollAdminTotp, setAdminEnabled } from '../provisioning/admins';
import { createOperator, updateOperator } from '../provisioning/operators';
import { parse, UsageError, validate } from './args';
import { chainCommand, tokenCommand } from './chains';
import { fiatCommand } from './fiat';
import { checkWebhookUrl, OPERATOR_FLAG_TYPES, operatorFlagsSchema, toSettings } from './operator-flags';
import { reconcileCommand } from './reconcile';
import { treasuryCommand } from './treasury';

async function operatorCommand(db: Db, config: Config, sub: string | undefined, args: string[]) {
  if (sub === 'create') {
    const { flags, positionals } = parse(args, OPERATOR_FLAG_TYPES);
    if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
    const f = validate(operatorFlagsSchema.extend({ name: z.string().min(1, '--name is required') }), flags);
    if (f['webhook-url']) await checkWebhookUrl(f['webhook-url'], config);
    return createOperator(db, config.SECRETS_KEY, { ...toSettings(f), name: f.name });
  }
  if (sub === 'update') {
    const options = { ...OPERATOR_FLAG_TYPES, 'rotate-key': { type: 'boolean' }, 'rotate-webhook-secret': { type: 'boolean' } } as const;
    const { flags, positionals } = parse(args, options);
    const [id, ...extra] = positionals;
    if (!id || !z.uuid().safeParse(id).success || extra.length) throw new UsageError('usage: operator update <operator id> [flags]');
    const { 'rotate-key': rotateKey, 'rotate-webhook-secret': rotateSecret, ...rest } = flags;
    const f = validate(operatorFlagsSchema, rest);
    if (f['webhook-url']) await checkWebhookUrl(f['webhook-url'], config);
    return updateOperator(db, config.SECRETS_KEY, id, toSettings(f), { key: rotateKey === true, webhookSecret: rotateSecret === true });
  }
  throw new UsageError('usage: operator create|update ...');
}

const ADMIN_USAGE = 'usage: admin create --email E --password P --role SUPERADMIN|ADMIN|SUPPORT | admin disable ID | admin enable ID | admin totp ID';

async function adminCommand(db: Db, config: Config, sub: string | undefined, args: string[]) {
  if (sub === 'disable' || sub === 'enable' || sub === 'totp') {
    const id = validate(z.object({ id: z.uuid() }), { id: args[0] }).id;
    if (args.length !== 1) throw new UsageError(ADMIN_USAGE);
    return sub === 'totp' ? enrollAdminTotp(db, id, config.SECRETS_KEY) : setAdminEnabled(db, id, sub === 'enable');
  }
  if (sub !== 'create') throw new UsageError(ADMIN_USAGE);
  const { flags } = parse(args, { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } });
  const f = validate(
    z.object({ email: z.email(), password: z.string().min(8, 'at least 8 characters'), role: z.enum(['SUPERADMIN', 'ADMIN', 'SUPPORT']) }),
    flags,
  );
  return createAdmin(db, f.email, f.password, f.role);
}

function describe(err: unknown): string {
  if (err instanceof Prisma.PrismaClientKnownRequestError) {
    if (err.code === 'P2025') return 'not found';
    if (err.code === 'P2002') return 'already exists';
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * A command group that another entry adds (the dev entry's `dev`): its answer is printed as the one JSON value. It
 * gets the environment the CLI was given, never the process's.
 */
export type CommandGroup = (db: Db, config: Config, sub: string | undefined, args: string[], env: NodeJS.ProcessEnv) => Promise<unknown>;

/**
 * The service team's provisioning tool (CONTRACT §2): exactly one JSON object on stdout, logs on stderr,
 * non-zero exit with { "error": ... } on failure. `extra` adds command groups (dev/cli/main.ts adds `dev`). It reads
 * its environment from `env` only and prints through `write` only, so the tests run it inside their own process.
 */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  extra: Record<string, CommandGroup> = {},
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const [group, sub, ...rest] = argv;
  let db: Db | null = null;
  let redact: Redact = (t) => t;
  try {
    const config = loadConfig(env);
    redact = rpcUrlRedactor({ ...config.CHAIN_RPC_URLS, ...config.TRON_RPC_URLS });
    db = createDb(config.DATABASE_URL, 2);
    if (group === 'reconcile') {
      const report = await reconcileCommand(db, config, argv.slice(1));
      write(JSON.stringify(report) + '\n');
      return report.ok ? 0 : 1;
    }
    let out: unknown;
    if (group === 'operator') out = await operatorCommand(db, config, sub, rest);
    else if (group === 'admin') out = await adminCommand(db, config, sub, rest);
    else if (group === 'chain') out = await chainCommand(db, config, sub, rest);
    else if (group === 'token') out = await tokenCommand(db, config, sub, rest);
    else if (group === 'fiat') out = await fiatCommand(db, sub, rest);
    else if (group === 'treasury') out = await treasuryCommand(db, config, sub, rest);
    else if (group && Object.hasOwn(extra, group)) out = await extra[group]!(db, config, sub, rest, env);
    else throw new UsageError(`usage: ${['operator', 'admin', 'chain', 'token', 'fiat', 'treasury', ...Object.keys(extra), 'reconcile'].join('|')} <command> [flags]`);
    write(JSON.stringify(out) + '\n');
    return 0;
  } catch (err) {
    // A provider's error names its URL (and the key in it): the CLI's answer drops it like the services' logs do.
    write(JSON.stringify({ error: redact(describe(redactError(err, redact))) }) + '\n');
    return err instanceof UsageError || err instanceof RegistryInputError ? 2 : 1;
  } finally {
    await db?.$disconnect();
  }
}

// Production's CLI reads its environment only; `npm run cli` (dev/cli/main.ts) adds the dev commands and .data/dev.env.
if (require.main === module) {
  void runCli(process.argv.slice(2), process.env).then((code) => process.exit(code));
}
