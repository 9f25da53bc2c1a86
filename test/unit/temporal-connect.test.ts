import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/env';
import { temporalConnectOptions } from '../../src/temporal/client/connect-options';

const base = {
  DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:5432/gateway',
  SECRETS_KEY: 'ab'.repeat(32),
  BANKROLL_ADDRESS: '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A',
  DEPOSIT_XPUB: 'xpub6DyUKdwoLWmUJ4Tn9Bbsdtx7B5Ws18mEN19e5HT52ikE53FiUheSQXrZUNPovqfyKmw4579A1Mm3GXXKM39N64uooBfJ4tNAzFsEbodRTx4',
};
const dir = mkdtempSync(path.join(os.tmpdir(), 'temporal-tls-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('the Temporal connection settings', () => {
  const cfg = (env: Record<string, string>) => loadConfig({ ...base, ...env });

  it('When nothing is set, Then plain gRPC to the address', () => {
    expect(temporalConnectOptions({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_TLS: false })).toEqual({ address: 'temporal:7233' });
  });

  it('When a client certificate and key are set, Then mTLS with both files and the private CA', () => {
    const opts = temporalConnectOptions({
      TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233', TEMPORAL_TLS: false,
      TEMPORAL_TLS_CERT_PATH: file('c.pem', 'CERT'), TEMPORAL_TLS_KEY_PATH: file('k.pem', 'KEY'), TEMPORAL_TLS_CA_PATH: file('ca.pem', 'CA'),
    });
    expect(opts.tls).toEqual({ clientCertPair: { crt: Buffer.from('CERT'), key: Buffer.from('KEY') }, serverRootCACertificate: Buffer.from('CA') });
    expect(opts.apiKey).toBeUndefined();
  });

  it('When an API key is set, Then TLS with the system roots and the key', () => {
    expect(temporalConnectOptions({ TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233', TEMPORAL_TLS: false, TEMPORAL_API_KEY: 'k1' })).toEqual({ address: 'ns.acct.tmprl.cloud:7233', tls: true, apiKey: 'k1' });
    expect(temporalConnectOptions({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_TLS: true })).toEqual({ address: 'temporal:7233', tls: true });
  });

  it('When a certificate file cannot be read, Then the error names the variable and never a file content', () => {
    expect(() => temporalConnectOptions({ TEMPORAL_ADDRESS: 'a:1', TEMPORAL_TLS: false, TEMPORAL_TLS_CERT_PATH: path.join(dir, 'missing.pem'), TEMPORAL_TLS_KEY_PATH: file('k2.pem', 'SECRET-KEY') })).toThrow(
      /TEMPORAL_TLS_CERT_PATH: cannot read .*missing\.pem \(ENOENT\)/,
    );
  });

  it('When only the certificate or only the key is set, Then start refuses it naming the missing one', () => {
    expect(() => cfg({ TEMPORAL_TLS_CERT_PATH: '/c.pem' })).toThrow(/TEMPORAL_TLS_KEY_PATH: TEMPORAL_TLS_CERT_PATH and TEMPORAL_TLS_KEY_PATH go together/);
    expect(() => cfg({ TEMPORAL_TLS_KEY_PATH: '/k.pem' })).toThrow(/TEMPORAL_TLS_CERT_PATH: /);
    expect(() => cfg({ TEMPORAL_TLS: 'yes' })).toThrow(/TEMPORAL_TLS/);
    expect(cfg({ TEMPORAL_TLS_CERT_PATH: '/c.pem', TEMPORAL_TLS_KEY_PATH: '/k.pem', TEMPORAL_API_KEY: 'k' })).toMatchObject({ TEMPORAL_TLS: false, TEMPORAL_API_KEY: 'k' });
  });
});
