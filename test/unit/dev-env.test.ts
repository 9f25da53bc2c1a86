import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devEnvOf, withDevEnv, writeDevEnv } from '../../dev/launcher/dev-env';

describe('the dev env file the launcher writes for the CLI', () => {
  it('When CHAIN_RPC_URLS (several URLs per chain) is set in the launcher environment, Then the file carries it and the CLI reads it back whole', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dev-env-')), 'dev.env');
    const urls = '8453=https://a.example/KEY-A|https://b.example/KEY-B,1=https://c.example/KEY-C';
    const embedded = { SECRETS_KEY: 'ab'.repeat(32), DATABASE_URL: 'postgresql://127.0.0.1/gateway' };
    const real = { CHAIN_RPC_URLS: urls, DATABASE_URL: 'postgresql://db.example/gw', HD_MNEMONIC: 'seed words', PATH: '/usr/bin' };

    writeDevEnv(devEnvOf(embedded, real), file);

    const cli = withDevEnv({ NODE_ENV: 'development' }, file);
    expect(cli).toMatchObject({ CHAIN_RPC_URLS: urls, DATABASE_URL: 'postgresql://db.example/gw', SECRETS_KEY: embedded.SECRETS_KEY });
    // The launcher's signing keys and the rest of its shell are not the gateway's configuration.
    expect(readFileSync(file, 'utf8')).not.toMatch(/HD_MNEMONIC|seed words|PATH=/);
  });
});
