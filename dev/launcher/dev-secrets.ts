import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Mnemonic, Wallet } from 'ethers';
import { DATA_DIR } from './paths';

/** Dev-only secrets, generated once into an ignored file (mode 600) so restarts keep the same addresses. */
export interface DevSecrets {
  SECRETS_KEY: string;
  HD_MNEMONIC: string;
  BANKROLL_PRIVATE_KEY: string;
}

export function generateDevSecrets(): DevSecrets {
  return {
    SECRETS_KEY: randomBytes(32).toString('hex'),
    HD_MNEMONIC: Mnemonic.fromEntropy(randomBytes(16)).phrase,
    BANKROLL_PRIVATE_KEY: Wallet.createRandom().privateKey,
  };
}

const DEV_SECRETS_FILE = path.join(DATA_DIR, 'dev-secrets.json');

/** The launcher's dev secrets, if it has made them. */
export function readDevSecrets(file = DEV_SECRETS_FILE): DevSecrets | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DevSecrets) : null;
}

export function loadOrCreateDevSecrets(file = DEV_SECRETS_FILE): DevSecrets {
  const existing = readDevSecrets(file);
  if (existing) return existing;
  const secrets = generateDevSecrets();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}
