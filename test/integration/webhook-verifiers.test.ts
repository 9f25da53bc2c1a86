import { spawn, spawnSync } from 'node:child_process';
import { createOperator } from '../../src/provisioning/operators';
import { signatureHeader, verifyWebhookSignature } from '../../src/domain/webhook-signature';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { ACK, WebhookReceiver, type Received } from '../support/webhook-receiver';

/**
 * The verifiers docs/webhooks.md shows (docs/webhook-verify/), run on a real event the gateway signed and sent, and
 * on variations of it: each must answer as the gateway's own check does. A language whose interpreter is missing
 * is skipped, saying so in the test's title (CI installs php-cli; the others come with the machine).
 */
const DIR = 'docs/webhook-verify';

interface Verifier {
  file: string;
  /** The program that must be on PATH to run it. */
  needs: string[];
  command: string;
  args: string[];
}

const VERIFIERS: Verifier[] = [
  { file: 'verify.js', needs: [], command: process.execPath, args: [`${DIR}/verify.js`] },
  { file: 'verify.py', needs: ['python3'], command: 'python3', args: [`${DIR}/verify.py`] },
  { file: 'verify.php', needs: ['php'], command: 'php', args: [`${DIR}/verify.php`] },
  { file: 'verify.go', needs: ['go'], command: 'go', args: ['run', `${DIR}/verify.go`] },
  { file: 'verify.sh', needs: ['bash', 'openssl'], command: 'bash', args: [`${DIR}/verify.sh`] },
];

const installed = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;

/** Runs one verifier: the body on stdin, the header (and tolerance) as arguments, the secret in WEBHOOK_SECRET. */
function runVerifier(v: Verifier, secret: string, header: string, body: Buffer, tolerance?: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const args = [...v.args, header, ...(tolerance === undefined ? [] : [String(tolerance)])];
    // GOTOOLCHAIN=local: the Go verifier builds with the Go that is installed, never one fetched for it.
    const child = spawn(v.command, args, { env: { ...process.env, WEBHOOK_SECRET: secret, GOTOOLCHAIN: 'local' }, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === null ? reject(new Error(`${v.file} was killed: ${stderr}`)) : resolve(code)));
    // A verifier may refuse before it reads the body (no secret): the pipe closes under the write, and its exit code is
    // still the answer.
    child.stdin.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' ? undefined : reject(err)));
    child.stdin.end(body);
  });
}

interface Case {
  name: string;
  secret: string;
  header: string;
  body: Buffer;
  tolerance?: number;
}

let ctx: TestContext;
let receiver: WebhookReceiver;
let event: Received;
let secret: string;

beforeAll(async () => {
  ctx = await createTestContext();
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  const op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Verifiers', webhookUrl: receiver.url });
  secret = op.webhookSecret;
  const session = await http(ctx.apiUrl, 'POST', '/session/deposit', {
    token: op.apiKey,
    json: { externalUserId: 'user 42 & co', lang: 'en', platformFiatCurrency: 'EUR', userBalance: '250.00', amount: '40.50' },
  });
  const sent = await http(ctx.apiUrl, 'POST', `/session/${session.body.data.sid}/test-webhook`, { token: op.apiKey, json: {} });
  expect(sent.body.data.delivered).toBe(true);
  event = receiver.received[0]!;
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.stop();
});

/** The real event and variations of it, each with the gateway's own verdict. */
function cases(): Array<Case & { expected: boolean }> {
  const body = Buffer.from(event.body, 'utf8');
  const header = event.headers['x-signature'] as string;
  const [tPart, v1Part] = header.split(',') as [string, string];
  const t = Number(tPart.slice(2));
  const tampered = Buffer.from(event.body.slice(0, -1) + (event.body.endsWith('e') ? 'E' : 'e'), 'utf8');
  const wrongV1 = `v1=${'0'.repeat(64)}`;
  const utf8Secret = 'whsec_tëst-sécret';
  const old = Math.floor(Date.now() / 1000) - 7200;
  const list: Case[] = [
    { name: 'the event as received', secret, header, body },
    { name: 'a tampered body', secret, header, body: tampered },
    { name: 'a body with a trailing newline', secret, header, body: Buffer.concat([body, Buffer.from('\n')]) },
    { name: 'another secret', secret: `${secret}x`, header, body },
    { name: 'a rotated secret: a wrong v1 then the right one', secret, header: `${tPart},${wrongV1},${v1Part}`, body },
    { name: 'only a wrong v1', secret, header: `${tPart},${wrongV1}`, body },
    { name: 'two timestamps', secret, header: `${tPart},${tPart},${v1Part}`, body },
    { name: 'no timestamp', secret, header: v1Part, body },
    { name: 'no v1', secret, header: tPart, body },
    { name: 'upper-case hex and spaces around the parts', secret, header: `${tPart} , v1=${v1Part.slice(3).toUpperCase()} `, body },
    { name: 'another timestamp', secret, header: `t=${t + 1},${v1Part}`, body },
    { name: 'a secret with non-ASCII characters', secret: utf8Secret, header: signatureHeader(utf8Secret, t, event.body), body },
    { name: 'within an hour of t, tolerance 3600', secret, header, body, tolerance: 3600 },
    { name: 'signed two hours ago, no tolerance', secret, header: signatureHeader(secret, old, event.body), body },
    { name: 'signed two hours ago, tolerance 3600', secret, header: signatureHeader(secret, old, event.body), body, tolerance: 3600 },
  ];
  return list.map((c) => ({ ...c, expected: verifyWebhookSignature(c.secret, c.header, c.body, c.tolerance === undefined ? {} : { toleranceSeconds: c.tolerance }) }));
}

describe('webhook verifiers in five languages (docs/webhook-verify)', () => {
  it("When the gateway's check judges the cases, Then the real event passes and the tampered one does not", () => {
    const verdicts = Object.fromEntries(cases().map((c) => [c.name, c.expected]));
    expect(verdicts).toMatchObject({ 'the event as received': true, 'a tampered body': false, 'signed two hours ago, tolerance 3600': false });
    expect(event.headers['x-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  for (const v of VERIFIERS) {
    const missing = v.needs.filter((p) => !installed(p));
    if (missing.length) {
      console.warn(`${v.file} not run: ${missing.join(', ')} not installed on this machine`);
      it.skip(`${v.file} (skipped: ${missing.join(', ')} not installed)`, () => {});
      continue;
    }
    it(`When ${v.file} verifies the real event and its variations, Then it exits 0 exactly where the gateway's check accepts`, async () => {
      const answers: Array<[string, boolean]> = [];
      for (const c of cases()) answers.push([c.name, (await runVerifier(v, c.secret, c.header, c.body, c.tolerance)) === 0]);
      expect(answers).toEqual(cases().map((c) => [c.name, c.expected]));
    }, 120_000);

    it(`When ${v.file} is run without its secret, Then it refuses with a non-zero exit`, async () => {
      expect(await runVerifier(v, '', event.headers['x-signature'] as string, Buffer.from(event.body, 'utf8'))).not.toBe(0);
    }, 60_000);
  }
});
