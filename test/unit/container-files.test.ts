import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Mnemonic, Wallet } from 'ethers';
import { parse } from 'yaml';
import { SHIPPED } from '../../scripts/release-files';
import { publicKeysOf } from '../../src/adapters/hd-wallet';
import { loadConfig } from '../../src/config/env';
import { loadSigningKeys, SIGNING_KEY_VARS } from '../../src/config/signing-keys';

// No container engine runs here: these hold the Dockerfile and compose.yaml to the commands that are run and proven
// (package.json's scripts, `npm run prod-smoke`, temporal-dev.yml, the configuration loader).

interface Instruction {
  op: string;
  args: string;
}

/** The Dockerfile's stages: each `FROM ... AS name` with its instructions (continuation lines joined, comments dropped). */
function dockerfileStages(text: string): Map<string, Instruction[]> {
  const stages = new Map<string, Instruction[]>();
  let current: Instruction[] = [];
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === 'FROM') {
      current = [];
      stages.set(/\bAS\s+(\S+)$/i.exec(args)?.[1] ?? args, current);
    }
    current.push({ op: op.toUpperCase(), args });
  }
  return stages;
}

const dockerfile = dockerfileStages(readFileSync('Dockerfile', 'utf8'));
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Record<string, any>> };
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const temporalDev = parse(readFileSync('temporal-dev.yml', 'utf8')) as { searchAttributes: Record<string, string>; dynamicConfig: Record<string, unknown> };
const runs = (stage: string) => dockerfile.get(stage)!.filter((i) => i.op === 'RUN').map((i) => i.args).join(' && ');
const execForm = (stage: string, op: string) => dockerfile.get(stage)!.filter((i) => i.op === op).map((i) => JSON.parse(i.args) as string[]).at(-1);

/** compose.yaml's environment with its ${VAR:?} placeholders given values and ${VAR:-default} their defaults. */
function resolved(env: Record<string, string>, values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => values[name] ?? (kind === '-' ? rest! : `<${name} unset>`))]),
  );
}

describe('the container image and compose.yaml', () => {
  it('When the build stage is read, Then it runs the full install, prisma generate and npm run build, and its default command is the migration script', () => {
    expect(runs('build')).toMatch(/npm ci\b.*npx prisma generate && npm run build/);
    expect(scripts.build).toBe('tsx scripts/build.ts');
    expect(execForm('build', 'CMD')).toEqual(['npm', 'run', 'db:deploy']);
    expect(scripts['db:deploy']).toBe('prisma migrate deploy');
  });

  it("When the runtime stage is read, Then it holds exactly prod-smoke's shipped files, production dependencies, a non-root user and the API's health check", () => {
    const copied = dockerfile.get('runtime')!.filter((i) => i.op === 'COPY').flatMap((i) => i.args.replace('--from=build ', '').split(/\s+/).slice(0, -1));
    expect(copied.map((p) => p.replace(/^\/app\//, '')).sort()).toEqual([...SHIPPED].sort());
    expect(runs('runtime')).toContain('npm ci --omit=dev');
    // prod-smoke runs the same tree: the shipped files, the production dependencies (the checkout's pruned with
    // `npm prune --omit=dev`, `npm ci --omit=dev` where it cannot link them), then `node dist/main.js --role <role>`.
    const smoke = readFileSync('scripts/prod-smoke.ts', 'utf8');
    expect(smoke).toContain("['prune', '--omit=dev'");
    expect(smoke).toContain("['ci', '--omit=dev'");
    expect(smoke).toContain("['dist/main.js', '--role', role]");
    expect([...execForm('runtime', 'ENTRYPOINT')!, ...execForm('runtime', 'CMD')!]).toEqual(['node', 'dist/main.js', '--role', 'api']);
    const user = dockerfile.get('runtime')!.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(dockerfile.get('runtime')!.find((i) => i.op === 'HEALTHCHECK')?.args).toContain('/healthz');
    expect(readFileSync('.dockerignore', 'utf8').split('\n')).toEqual(expect.arrayContaining(['node_modules', 'dist', '.git', '.env']));
  });

  it('When compose.yaml is read, Then the migration runs from the build stage before the API and the worker, which run the runtime image with their roles', () => {
    const s = compose.services;
    expect(Object.keys(s).sort()).toEqual(['api', 'migrate', 'postgres', 'temporal', 'temporal-setup', 'worker']);
    expect(s.migrate).toMatchObject({ build: { target: 'build' }, command: ['npm', 'run', 'db:deploy'] });
    expect(s.api).toMatchObject({ build: { target: 'runtime' }, command: ['--role', 'api'] });
    expect(s.worker).toMatchObject({ image: s.api!.image, command: ['--role', 'worker'] });
    for (const role of ['api', 'worker']) {
      expect(s[role]!.depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' }, 'temporal-setup': { condition: 'service_completed_successfully' } });
    }
    expect(s.temporal).toMatchObject({ environment: { DB: 'postgres12', POSTGRES_SEEDS: 'postgres' }, depends_on: { postgres: { condition: 'service_healthy' } } });
  });

  it("When compose.yaml's Temporal setup is read, Then it creates temporal-dev.yml's search attributes and dynamic config", () => {
    const setup = String(compose.services['temporal-setup']!.command);
    expect(/for name in ([\w ]+); do/.exec(setup)?.[1]!.split(' ').sort()).toEqual(Object.keys(temporalDev.searchAttributes).sort());
    expect(Object.values(temporalDev.searchAttributes).every((t) => t === 'Keyword')).toBe(true);
    const mounted = (compose.services.temporal!.volumes as string[]).map((v) => v.split(':')[0]!);
    expect(mounted).toEqual(['./deploy/temporal-dynamicconfig.yaml']);
    const dynamic = parse(readFileSync('deploy/temporal-dynamicconfig.yaml', 'utf8')) as Record<string, Array<{ value: unknown }>>;
    expect(Object.fromEntries(Object.entries(dynamic).map(([k, v]) => [k, v[0]!.value]))).toEqual(temporalDev.dynamicConfig);
  });

  it("When the API's and the worker's compose environments are given values, Then the configuration loader takes both, only the worker holds the signing keys, and they match the public keys", () => {
    const keys = { HD_MNEMONIC: Mnemonic.fromEntropy(randomBytes(16)).phrase, BANKROLL_PRIVATE_KEY: Wallet.createRandom().privateKey };
    const values = { ...keys, ...publicKeysOf(keys), SECRETS_KEY: randomBytes(32).toString('hex'), METRICS_TOKEN: randomBytes(16).toString('hex'), CHAIN_RPC_URLS: '1=https://rpc.example' };
    const api = resolved(compose.services.api!.environment, values);
    const worker = resolved(compose.services.worker!.environment, values);
    for (const env of [api, worker]) {
      expect(Object.values(env).join(' ')).not.toContain('unset>');
      expect(loadConfig(env)).toMatchObject({ NODE_ENV: 'production', TEMPORAL_ADDRESS: 'temporal:7233' });
    }
    for (const v of SIGNING_KEY_VARS) expect(api).not.toHaveProperty(v);
    expect(loadSigningKeys(worker, loadConfig(worker))).toMatchObject(keys);
  });
});
