import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TronNode, TronNodeError } from '../../src/adapters/tron-node';
import { freePort } from '../../src/adapters/free-port';

/** A TRON full-node HTTP API stand-in that answers every call with `answer`, counting the calls. */
async function node(status: number, answer: object) {
  const calls: string[] = [];
  const server = http.createServer((req, res) => {
    calls.push(req.url!);
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer)));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const block = { blockID: '00'.repeat(32), block_header: { raw_data: { number: 4242, timestamp: 1, parentHash: '00'.repeat(32) } } };
const servers: Array<{ close(): Promise<void> }> = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

describe('TRON node endpoints (TRON_RPC_URLS id=url1|url2)', () => {
  it('When the first endpoint is down or answers an HTTP error, Then the call is answered by the next, which stays in use', async () => {
    const failing = await node(503, {});
    const good = await node(200, block);
    servers.push(failing, good);
    const down = `http://127.0.0.1:${await freePort()}`;

    expect(await new TronNode([down, good.url], 1000).headNumber()).toBe(4242);

    const tron = new TronNode([failing.url, good.url], 1000);
    expect(await tron.headNumber()).toBe(4242);
    expect(await tron.headNumber()).toBe(4242);
    expect(failing.calls).toHaveLength(1);
    expect(good.calls).toHaveLength(3);
  });

  it("When the active endpoint answers the node's own refusal, Then that is the answer: no other endpoint is asked", async () => {
    const refusing = await node(200, { Error: 'class org.tron.core.exception.BadItemException' });
    const good = await node(200, block);
    servers.push(refusing, good);
    await expect(new TronNode([refusing.url, good.url], 1000).headNumber()).rejects.toThrow(new TronNodeError('TRON node /wallet/getnowblock: class org.tron.core.exception.BadItemException'));
    expect(good.calls).toHaveLength(0);
  });
});
