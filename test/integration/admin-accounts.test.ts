import { request } from 'node:http';
import { generate } from 'otplib';
import { createAdmin } from '../../src/provisioning/admins';
import { createOperator } from '../../src/provisioning/operators';
import { recordDeadLettered } from '../support/outbox-events';
import { runCli } from '../support/cli';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';
import { eventually } from '../support/wait';
import { ACK, WebhookReceiver } from '../support/webhook-receiver';
import { withdrawFixtures } from '../support/withdraw-fixtures';

let ctx: TestContext;
let receiver: WebhookReceiver;
let f: ReturnType<typeof withdrawFixtures>;
let op: { id: string; apiKey: string };
const ids: Record<string, string> = {};

const cli = (...args: string[]) => runCli(args, ctx.env);

beforeAll(async () => {
  ctx = await createTestContext({ worker: true });
  f = withdrawFixtures(ctx);
  receiver = await new WebhookReceiver().start();
  receiver.answer(() => ACK);
  op = await createOperator(ctx.db, ctx.config.SECRETS_KEY, { name: 'Audit Games', webhookUrl: receiver.url });
  ids.ops = (await createAdmin(ctx.db, 'ops@example.com', 'ops-password', 'ADMIN')).id;
  ids.lead = (await createAdmin(ctx.db, 'lead@example.com', 'lead-password', 'SUPERADMIN')).id;
  ids.support = (await createAdmin(ctx.db, 'support@example.com', 'support-password', 'SUPPORT')).id;
  ids.otp = (await createAdmin(ctx.db, 'otp@example.com', 'otp-password', 'ADMIN')).id;
  ids.flooded = (await createAdmin(ctx.db, 'flooded@example.com', 'flooded-password', 'ADMIN')).id;
});
afterAll(async () => {
  f.provider.destroy();
  await receiver.stop();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.rateLimitHit.deleteMany();
});

const login = async (email: string, password: string, otp?: string) =>
  http(ctx.apiUrl, 'POST', '/admin/login', { json: { email, password, ...(otp === undefined ? {} : { otp }) } });
const token = async (email: string, password: string) => {
  const r = await login(email, password);
  expect(r.status).toBe(200);
  return r.body.token as string;
};

/** POST /admin/login from a chosen loopback address (the API listens on 127.0.0.1; all of 127/8 reaches it). */
function loginFrom(localAddress: string, body: object): Promise<{ status: number; body: any }> {
  const url = new URL(ctx.apiUrl);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: '/admin/login', method: 'POST', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Enrols a fresh authenticator with the CLI; its secret, read back from the URI the way an app scans it. */
async function enrol(adminId: string): Promise<string> {
  const r = await cli('admin', 'totp', adminId);
  expect(r.code).toBe(0);
  expect(Object.keys(r.json)).toEqual(['otpauthUri']);
  const uri = new URL(r.json.otpauthUri);
  expect(uri.protocol).toBe('otpauth:');
  expect(uri.host).toBe('totp');
  return uri.searchParams.get('secret')!;
}

const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

describe('POST /admin/logout', () => {
  it("When an admin logs out, Then 204 and its token answers 401 at once; the admin's other tokens still work", async () => {
    const a = await token('ops@example.com', 'ops-password');
    const b = await token('ops@example.com', 'ops-password');
    expect((await http(ctx.apiUrl, 'GET', '/admin/withdrawals', { token: a })).status).toBe(200);
    const out = await http(ctx.apiUrl, 'POST', '/admin/logout', { token: a });
    expect(out.status).toBe(204);
    expect(out.text).toBe('');
    const after = await http(ctx.apiUrl, 'GET', '/admin/withdrawals', { token: a });
    expect(after.status).toBe(401);
    expect(after.body.errorCode).toBe('UNAUTHORIZED');
    expect((await http(ctx.apiUrl, 'POST', '/admin/logout', { token: a })).status).toBe(401);
    expect((await http(ctx.apiUrl, 'GET', '/admin/withdrawals', { token: b })).status).toBe(200);
  });
});

describe('admin disable / enable', () => {
  it("When an admin is disabled, Then its token answers 401 at once and it cannot log in; enabled, it logs in again", async () => {
    const t = await token('support@example.com', 'support-password');
    const off = await cli('admin', 'disable', ids.support!);
    expect(off.code).toBe(0);
    expect(off.json).toEqual({ id: ids.support, disabled: true });
    expect((await http(ctx.apiUrl, 'GET', '/admin/withdrawals', { token: t })).status).toBe(401);
    const refused = await login('support@example.com', 'support-password');
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe('UNAUTHORIZED');
    expect(await ctx.db.adminSession.count({ where: { adminId: ids.support } })).toBe(0);

    const on = await cli('admin', 'enable', ids.support!);
    expect(on.json).toEqual({ id: ids.support, disabled: false });
    const again = await token('support@example.com', 'support-password');
    expect((await http(ctx.apiUrl, 'GET', '/admin/withdrawals', { token: again })).status).toBe(200);
  });

  it('When the id is not a uuid, Then exit 2 with { error }; an unknown admin, exit 1; nothing changes', async () => {
    const bad = await cli('admin', 'disable', 'ops@example.com');
    expect(bad.code).toBe(2);
    expect(bad.json.error).toEqual(expect.any(String));
    const unknown = await cli('admin', 'totp', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.json).toEqual({ error: 'not found' });
    expect(await ctx.db.admin.count({ where: { OR: [{ disabledAt: { not: null } }, { totpSecretEnc: { not: null } }] } })).toBe(0);
  });
});

describe('TOTP', () => {
  it('When an admin enrols, Then the URI is printed once (the secret is stored encrypted) and login needs the code, each code once', async () => {
    const secret = await enrol(ids.otp!);
    const row = await ctx.db.admin.findUniqueOrThrow({ where: { id: ids.otp } });
    expect(row.totpSecretEnc).toMatch(/^v1\./);
    expect(row.totpSecretEnc).not.toContain(secret);

    const missing = await login('otp@example.com', 'otp-password');
    expect(missing.status).toBe(401);
    expect(missing.body.errorCode).toBe('OTP_REQUIRED');
    const wrong = await login('otp@example.com', 'otp-password', await codeAt(secret, -600));
    expect(wrong.status).toBe(401);
    expect(wrong.body.errorCode).toBe('UNAUTHORIZED');
    // The right code with a wrong password is no login, and does not spend the code.
    const code = await codeAt(secret);
    expect((await login('otp@example.com', 'not-the-password', code)).body.errorCode).toBe('UNAUTHORIZED');

    const ok = await login('otp@example.com', 'otp-password', code);
    expect(ok.status).toBe(200);
    expect(ok.body.token).toMatch(/^adm_/);
    const replay = await login('otp@example.com', 'otp-password', code);
    expect(replay.status).toBe(401);
    expect(replay.body.errorCode).toBe('UNAUTHORIZED');
    // The next step's code (a phone a little ahead) is a later code: it logs in.
    expect((await login('otp@example.com', 'otp-password', await codeAt(secret, 30))).status).toBe(200);
  });

  it('When 50 bad passwords for one email come from one address, Then a right login with its code from another address still succeeds', async () => {
    const secret = await enrol(ids.flooded!);
    const flood: number[] = [];
    for (let i = 0; i < 50; i += 1) flood.push((await loginFrom('127.0.0.1', { email: 'flooded@example.com', password: `guess-${i}` })).status);
    expect(flood.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(flood.slice(10)).toEqual(Array(40).fill(429));
    // The flooding address is slowed for this email even with the right password.
    expect((await loginFrom('127.0.0.1', { email: 'flooded@example.com', password: 'flooded-password', otp: await codeAt(secret) })).status).toBe(429);

    const ok = await loginFrom('127.0.0.2', { email: 'flooded@example.com', password: 'flooded-password', otp: await codeAt(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toMatch(/^adm_/);
    const audit = await ctx.db.adminAudit.findFirstOrThrow({ where: { adminId: ids.flooded, action: 'LOGIN' } });
    expect(audit.clientAddress).toBe('127.0.0.2');

    // While the email is under attack, a third address gets a few attempts, not ten.
    const third: number[] = [];
    for (let i = 0; i < 4; i += 1) third.push((await loginFrom('127.0.0.3', { email: 'flooded@example.com', password: `other-${i}` })).status);
    expect(third).toEqual([401, 401, 401, 429]);
  });
});

describe('GET /admin/audit', () => {
  it('When an admin logs in, moves a Mode A withdrawal with a note, redelivers and logs out, Then each is listed newest first, filtered and paged', async () => {
    // The clock PostgreSQL stamps the rows with is this machine's: the ops admin's earlier rows are before it.
    const start = new Date().toISOString();
    const acting = await loginFrom('127.0.0.4', { email: 'ops@example.com', password: 'ops-password' });
    expect(acting.status).toBe(200);
    const t = acting.body.token as string;
    expect((await login('ops@example.com', 'wrong-password')).status).toBe(401);

    const w = await f.submitted(op.apiKey, '25.00');
    expect(w.withdrawStatus).toBe('PENDING');
    expect((await f.adminMove(t, w.id, 'REJECTED', 'fraud check')).status).toBe(200);
    // A refused move is no action: it leaves no row.
    expect((await f.adminMove(t, w.id, 'PROCESSING', 'too late')).status).toBe(409);

    const event = await recordDeadLettered(ctx.db, ctx.config.SECRETS_KEY, op.id);
    expect((await http(ctx.apiUrl, 'POST', `/admin/webhooks/${event.id}/redeliver`, { token: t })).status).toBe(202);
    await eventually(async () => (await ctx.db.webhookEvent.findUniqueOrThrow({ where: { id: event.id } })).status === 'DELIVERED' || null, 30_000, 'redelivered');
    expect((await http(ctx.apiUrl, 'POST', '/admin/logout', { token: t })).status).toBe(204);

    const reader = await token('lead@example.com', 'lead-password');
    const mine = await http(ctx.apiUrl, 'GET', `/admin/audit?adminId=${ids.ops}&since=${encodeURIComponent(start)}`, { token: reader });
    expect(mine.status).toBe(200);
    expect(mine.body.map((r: any) => [r.action, r.targetId, r.note])).toEqual([
      ['LOGOUT', null, null],
      ['WEBHOOK_REDELIVER', event.id, null],
      ['WITHDRAWAL_STATUS', w.id, 'REJECTED: fraud check'],
      ['LOGIN_FAILED', null, 'UNAUTHORIZED'],
      ['LOGIN', null, null],
    ]);
    expect(mine.body.every((r: any) => r.adminId === ids.ops && r.role === 'ADMIN')).toBe(true);
    expect(mine.body.at(-1).clientAddress).toBe('127.0.0.4');
    expect(mine.body[0].clientAddress).toBe('127.0.0.1');

    const byTarget = await http(ctx.apiUrl, 'GET', `/admin/audit?targetId=${w.id}`, { token: reader });
    expect(byTarget.body.map((r: any) => r.action)).toEqual(['WITHDRAWAL_STATUS']);
    const moveAt = byTarget.body[0].createdAt as string;
    const until = await http(ctx.apiUrl, 'GET', `/admin/audit?adminId=${ids.ops}&until=${encodeURIComponent(moveAt)}&limit=2`, { token: reader });
    expect(until.body.map((r: any) => r.action)).toEqual(['LOGIN_FAILED', 'LOGIN']);

    const first = await http(ctx.apiUrl, 'GET', `/admin/audit?adminId=${ids.ops}&since=${encodeURIComponent(moveAt)}&limit=2`, { token: reader });
    expect(first.body.map((r: any) => r.action)).toEqual(['LOGOUT', 'WEBHOOK_REDELIVER']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toEqual(expect.any(String));
    const second = await http(ctx.apiUrl, 'GET', `/admin/audit?adminId=${ids.ops}&since=${encodeURIComponent(moveAt)}&limit=2&cursor=${cursor}`, { token: reader });
    expect(second.body.map((r: any) => r.action)).toEqual(['WITHDRAWAL_STATUS']);
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });

  it('When SUPPORT reads the audit, Then 403 FORBIDDEN_ROLE; a bad cursor is 400 naming it', async () => {
    const support = await token('support@example.com', 'support-password');
    const r = await http(ctx.apiUrl, 'GET', '/admin/audit', { token: support });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('FORBIDDEN_ROLE');
    const admin = await token('ops@example.com', 'ops-password');
    const bad = await http(ctx.apiUrl, 'GET', '/admin/audit?cursor=nope', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('VALIDATION_ERROR');
  });
});
