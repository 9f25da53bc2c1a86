import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { roleEnvs } from '../../src/config/signing-keys';
import { waitFor } from '../../dev/launcher/processes';
import { freePort } from '../../src/adapters/free-port';
import { createOperator } from '../../src/provisioning/operators';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { inEnviron, inMemory, processTree, secretNeedles } from '../support/process-memory';

jest.setTimeout(240_000);

const root = path.resolve(__dirname, '../..');
let ctx: TestContext;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await ctx.close();
});

/** Starts a service process the way the launcher does: tsx src/main.ts --role <role>, with that role's environment. */
function startService(role: 'api' | 'worker', env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'src/main.ts'), '--role', role], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  children.push(child);
  return { child, output: () => output };
}

/** Every needle found in the environment or memory of the process or its children. */
function secretsHeldBy(pid: number): string[] {
  const needles = secretNeedles(ctx.keys);
  const found = new Set<string>();
  for (const p of processTree(pid)) {
    for (const k of inEnviron(p, needles)) found.add(`environ:${k}`);
    for (const k of inMemory(p, needles)) found.add(`memory:${k}`);
  }
  return [...found].sort();
}

describe('key separation between the service processes', () => {
  it('When the API runs with its real configuration and serves deposit addresses, Then its environment and memory hold no private key or seed; the worker, scanned the same way, does', async () => {
    const envs = roleEnvs({ ...ctx.env, PORT: String(await freePort()) }, ctx.keys);
    const apiUrl = `http://127.0.0.1:${envs.api.PORT}`;
    const api = startService('api', envs.api);
    const worker = startService('worker', envs.worker);
    await waitFor('api /healthz', () => fetch(`${apiUrl}/healthz`).then((r) => r.ok, () => false), 120_000);
    await waitFor('worker running', async () => worker.output().includes('worker running'), 120_000);

    // The API derives a deposit address (from the public key) before it is scanned.
    const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Keys' });
    const created = await http(apiUrl, 'POST', '/depositor/create', { token: op.apiKey, json: { externalUserId: 'key-scan' } });
    expect(created.status).toBe(201);
    expect(created.body.data.addresses[0].address).toMatch(/^0x[0-9a-fA-F]{40}$/);

    expect(secretsHeldBy(api.child.pid!)).toEqual([]);
    // The same search finds the secrets where they are meant to be, so an empty result above means something.
    expect(secretsHeldBy(worker.child.pid!)).toEqual(expect.arrayContaining(['environ:mnemonic', 'environ:privateKeyHex', 'memory:mnemonic', 'memory:privateKeyHex']));
  });

  it('When the API is given a signing key, Then it refuses to start and names the variable, never its value', async () => {
    const api = startService('api', { ...ctx.env, PORT: String(await freePort()) });
    const code = await new Promise<number | string | null>((resolve) => {
      api.child.once('exit', resolve);
      setTimeout(() => resolve('still running'), 60_000).unref();
    });
    expect(code).toBe(1);
    expect(api.output()).toMatch(/HD_MNEMONIC: the API must not hold signing keys/);
    expect(api.output()).toMatch(/BANKROLL_PRIVATE_KEY: the API must not hold signing keys/);
    expect(api.output()).not.toContain(ctx.keys.HD_MNEMONIC);
    expect(api.output()).not.toContain(ctx.keys.BANKROLL_PRIVATE_KEY.slice(2));
  });
});
