import { z } from 'zod';
import { ConfigError, type Config } from './env';
import { publicKeysOf } from '../adapters/hd-wallet';

/**
 * The worker's signing secrets. Only the worker loads them: the API and the CLI run on the public half in Config
 * (BANKROLL_ADDRESS, DEPOSIT_XPUB), so a process that never signs never holds a key or the seed.
 */
export const signingKeysSchema = z.object({
  /** BIP-39 mnemonic of the deposit-address HD wallet (and of the fee wallet). */
  HD_MNEMONIC: z.string().refine((s) => s.trim().split(/\s+/).length >= 12, 'expected a BIP-39 mnemonic of 12+ words'),
  BANKROLL_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 0x-prefixed 32-byte hex private key'),
});

export type SigningKeys = z.infer<typeof signingKeysSchema>;

/** The variables that must never reach a process that does not sign. */
export const SIGNING_KEY_VARS = Object.keys(signingKeysSchema.shape) as Array<keyof SigningKeys>;

/** Parses the secrets and checks they are the ones the public half names (never echoing a value). */
export function loadSigningKeys(env: NodeJS.ProcessEnv, config: Pick<Config, 'BANKROLL_ADDRESS' | 'DEPOSIT_XPUB' | 'TRON_DEPOSIT_XPUB'>): SigningKeys {
  const result = signingKeysSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const derived = publicKeysOf(result.data);
  const mismatched = (['BANKROLL_ADDRESS', 'DEPOSIT_XPUB', 'TRON_DEPOSIT_XPUB'] as const).filter((k) => config[k] !== undefined && derived[k] !== config[k]);
  if (mismatched.length) throw new ConfigError(`Invalid environment:\n${mismatched.map((k) => `  ${k}: does not match the signing keys`).join('\n')}`);
  return result.data;
}

/** An environment for a process that does not sign: the same, minus every signing secret. */
export function withoutSigningKeys(env: Record<string, string>): Record<string, string> {
  const out = { ...env };
  for (const k of SIGNING_KEY_VARS) delete out[k];
  return out;
}

/** What each service process is started with: the worker gets the keys, the API everything but them. */
export function roleEnvs(env: Record<string, string>, keys: SigningKeys): { api: Record<string, string>; worker: Record<string, string> } {
  const api = withoutSigningKeys(env);
  return { api, worker: { ...api, ...keys } };
}
