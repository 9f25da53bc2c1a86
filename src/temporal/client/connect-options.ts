import { readFileSync } from 'node:fs';
import type { TLSConfig } from '@temporalio/client';
import { ConfigError, type Config } from '../../config/env';

/** How both service kinds reach the Temporal frontend: the address, and TLS with a client certificate or an API key. */
export interface TemporalConnectOptions {
  address: string;
  tls?: TLSConfig | true;
  apiKey?: string;
}

type TemporalSettings = Pick<Config, 'TEMPORAL_ADDRESS' | 'TEMPORAL_TLS' | 'TEMPORAL_TLS_CERT_PATH' | 'TEMPORAL_TLS_KEY_PATH' | 'TEMPORAL_TLS_CA_PATH' | 'TEMPORAL_API_KEY'>;

function pem(name: string, file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    // The path is configuration, not a secret; the file's content never appears in the message.
    throw new ConfigError(`Invalid environment:\n  ${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/**
 * Plain gRPC by default (a self-hosted frontend on a private network, the dev server). TLS when TEMPORAL_TLS is true
 * or any of a client certificate (mTLS, self-hosted or Temporal Cloud), a private CA or an API key (Temporal Cloud)
 * is set. The files are read once at start.
 */
export function temporalConnectOptions(c: TemporalSettings): TemporalConnectOptions {
  const tls: TLSConfig = {};
  if (c.TEMPORAL_TLS_CERT_PATH && c.TEMPORAL_TLS_KEY_PATH) {
    tls.clientCertPair = { crt: pem('TEMPORAL_TLS_CERT_PATH', c.TEMPORAL_TLS_CERT_PATH), key: pem('TEMPORAL_TLS_KEY_PATH', c.TEMPORAL_TLS_KEY_PATH) };
  }
  if (c.TEMPORAL_TLS_CA_PATH) tls.serverRootCACertificate = pem('TEMPORAL_TLS_CA_PATH', c.TEMPORAL_TLS_CA_PATH);
  const secure = c.TEMPORAL_TLS || Object.keys(tls).length > 0 || c.TEMPORAL_API_KEY !== undefined;
  return {
    address: c.TEMPORAL_ADDRESS,
    ...(secure ? { tls: Object.keys(tls).length ? tls : true } : {}),
    ...(c.TEMPORAL_API_KEY ? { apiKey: c.TEMPORAL_API_KEY } : {}),
  };
}
