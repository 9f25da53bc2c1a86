import { scryptSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createAdmin } from '../../src/provisioning/admins';
import { createTestContext, type TestContext } from '../support/harness';
import { http } from '../support/http';

const PER_IP = 25;
const PER_EMAIL = 3;
const WINDOW_SECONDS = 60;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ADMIN_LOGIN_MAX_PER_IP: String(PER_IP), ADMIN_LOGIN_MAX_PER_EMAIL: String(PER_EMAIL), ADMIN_LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS) },
  });
  await createAdmin(ctx.db, 'ops@example.com', 'a-long-password', 'ADMIN');
  await createAdmin(ctx.db, 'other@example.com', 'another-password', 'SUPPORT');
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.rateLimitHit.deleteMany();
  await ctx.db.adminSession.deleteMany();
});

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  http(ctx.apiUrl, 'POST', '/admin/login', { json: { email, password }, headers });

function expectRateLimited(r: Awaited<ReturnType<typeof login>>) {
  expect(r.status).toBe(429);
  expect(r.body).toEqual({ message: 'Too many requests; retry later', errorCode: 'RATE_LIMITED', error: 'Too Many Requests' });
  const retryAfter = Number(r.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
}

/** CPU ticks (10 ms) a /proc stat line records, utime + stime, in ms. */
function cpuMs(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
/** CPU time the event-loop thread has used, in ms, from the scheduler's nanosecond count (stat counts 10 ms ticks). */
function loopCpuMs(): number {
  return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
}
/** CPU time the event-loop thread has used, and the rest of the process (libuv's pool among them). */
function cpuSplit(): { loop: number; offLoop: number } {
  const loop = loopCpuMs();
  return { loop, offLoop: cpuMs('/proc/self/stat') - loop };
}

describe('POST /admin/login', () => {
  it('When 20 logins run at once, known and unknown emails alike, Then no scrypt work runs on the event loop', async () => {
    // A first login pays the one-off start-up costs (query plans, connections), so they are not measured.
    expect((await login('warm-up@example.com', 'wrong-password')).status).toBe(401);
    // And opens every pooled connection: 20 logins at once would otherwise open them inside the measurement.
    await Promise.all(Array.from({ length: 20 }, () => ctx.db.$executeRaw`SELECT pg_sleep(0.02)`));
    // The loop thread's CPU cost of one synchronous scrypt of the stored parameters: the least of 5, since a busy
    // machine makes some dearer (an average of 5 ticks-counted ones read 82 ms where the 20 logins' hashes took 60 each).
    const costs = Array.from({ length: 5 }, () => {
      const before = loopCpuMs();
      scryptSync('x', 'salt', 32, { N: 16384, r: 8, p: 1 });
      return loopCpuMs() - before;
    });
    const oneScryptMs = Math.min(...costs);

    const emails = Array.from({ length: 20 }, (_, i) => (i === 0 ? 'ops@example.com' : `nobody-${i}@example.com`));
    const start = cpuSplit();
    const statuses = (await Promise.all(emails.map((e) => login(e, 'wrong-password')))).map((r) => r.status);
    const end = cpuSplit();
    expect(statuses).toEqual(emails.map(() => 401));
    // Each login hashes once, known email or not. The 20 hashes' CPU must show up off the loop thread: on the loop
    // it would not, and the requests' own loop work (HTTP, queries) is too close to 20 hashes to bound the loop itself.
    expect(end.offLoop - start.offLoop).toBeGreaterThanOrEqual(15 * oneScryptMs);
  });

  it('When an email has used its attempts, Then the next one is 429 RATE_LIMITED with Retry-After even with the right password, and nothing is written', async () => {
    for (let i = 0; i < PER_EMAIL; i += 1) expect((await login(i % 2 ? 'OPS@example.com' : 'ops@example.com', 'guess')).status).toBe(401);
    expectRateLimited(await login('ops@example.com', 'a-long-password'));
    expect(await ctx.db.adminSession.count()).toBe(0);
    // Another admin is not affected by it.
    expect((await login('other@example.com', 'another-password')).status).toBe(200);
  });

  it('When the window has passed, Then the admin can log in again: a lockout is never permanent', async () => {
    for (let i = 0; i < PER_EMAIL; i += 1) await login('ops@example.com', 'guess');
    expectRateLimited(await login('ops@example.com', 'a-long-password'));
    await ctx.db.rateLimitHit.updateMany({ data: { at: new Date(Date.now() - (WINDOW_SECONDS + 1) * 1000) } });
    const r = await login('ops@example.com', 'a-long-password');
    expect(r.status).toBe(200);
    expect(r.body.token).toMatch(/^adm_/);
  });

  it('When one address has used its attempts over many emails, Then it is 429, and a forged X-Forwarded-For does not escape it', async () => {
    for (let i = 0; i < PER_IP; i += 1) expect((await login(`spray-${i}@example.com`, 'guess')).status).toBe(401);
    expectRateLimited(await login('other@example.com', 'another-password'));
    expectRateLimited(await login('other@example.com', 'another-password', { 'x-forwarded-for': '203.0.113.7' }));
    expect(await ctx.db.adminSession.count()).toBe(0);
  });

  it('When the body is malformed, Then 400 VALIDATION_ERROR and no attempt is counted', async () => {
    const r = await http(ctx.apiUrl, 'POST', '/admin/login', { json: { email: 'ops@example.com' } });
    expect(r.status).toBe(400);
    expect(r.body.errorCode).toBe('VALIDATION_ERROR');
    expect(await ctx.db.rateLimitHit.count()).toBe(0);
  });
});
