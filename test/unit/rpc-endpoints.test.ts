import { EndpointRotation } from '../../src/adapters/endpoint-rotation';
import { isLogRangeError, isThrottledAnswer } from '../../src/adapters/rpc-limits';
import { rpcUrlRedactor } from '../../src/adapters/rpc-redaction';

/** A rotation on a clock the test moves, whose probes answer what the test says. */
function rotation(probeAnswers: boolean[]) {
  const clock = { now: 0 };
  const probed: string[] = [];
  const switches: Array<[number, number]> = [];
  const r = new EndpointRotation(['u1', 'u2', 'u3'], async (url) => {
    probed.push(url);
    return probeAnswers.shift() ?? false;
  }, { returnAfterMs: 60_000, now: () => clock.now, onSwitch: (from, to) => switches.push([from, to]) });
  return { r, clock, probed, switches };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('EndpointRotation', () => {
  it('When the active endpoint fails, Then the next one is tried first from then on, and a stale failure moves nothing', () => {
    const { r, switches } = rotation([]);
    expect(r.order()).toEqual([0, 1, 2]);
    r.failed(0);
    expect(r.order()).toEqual([1, 2, 0]);
    // A call that started on endpoint 0 before the failover reports late: the rotation stays on 1.
    r.failed(0);
    expect(r.order()).toEqual([1, 2, 0]);
    r.failed(1);
    r.failed(2);
    expect(r.order()).toEqual([0, 1, 2]);
    expect(switches).toEqual([[0, 1], [1, 2], [2, 0]]);
  });

  it('When the return period has passed, Then the first endpoint is probed and is active again only once its probe answers', async () => {
    const { r, clock, probed, switches } = rotation([false, true]);
    r.failed(0);
    clock.now = 59_999;
    expect(r.order()).toEqual([1, 2, 0]);
    expect(probed).toEqual([]);

    clock.now = 60_000;
    expect(r.order()).toEqual([1, 2, 0]);
    await settle();
    expect(probed).toEqual(['u1']);
    // The failed probe starts another period.
    clock.now = 119_999;
    expect(r.order()).toEqual([1, 2, 0]);
    await settle();
    expect(probed).toEqual(['u1']);

    clock.now = 120_000;
    r.order();
    await settle();
    expect(probed).toEqual(['u1', 'u1']);
    expect(r.order()).toEqual([0, 1, 2]);
    expect(switches).toEqual([[0, 1], [1, 0]]);
  });
});

describe('provider limits', () => {
  it.each([
    [{ code: 429, message: 'Too Many Requests' }, true],
    [{ code: -32005, message: 'daily request count exceeded, request rate limited' }, true],
    [{ code: -32000, message: 'Your app has exceeded its compute units per second capacity' }, true],
    [{ code: -32005, message: 'query returned more than 10000 results' }, false],
    [{ code: 3, message: 'execution reverted' }, false],
    [undefined, false],
  ])('When an answer carries the error %p, Then throttled is %p', (error, throttled) => {
    expect(isThrottledAnswer(error)).toBe(throttled);
  });

  it.each([
    [{ code: -32005, message: 'query returned more than 10000 results' }, true],
    [{ code: -32602, message: 'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range' }, true],
    [{ code: -32000, message: 'block range is too wide' }, true],
    [{ code: -32600, message: 'eth_getLogs is limited to a 10,000 range' }, true],
    [{ code: -32000, message: 'exceed maximum block range: 5000' }, true],
    [{ code: -32000, message: 'header not found' }, false],
  ])('When eth_getLogs fails with %p, Then a range error is %p', (error, range) => {
    expect(isLogRangeError({ code: 'UNKNOWN_ERROR', error })).toBe(range);
  });

  it('When a chain has several endpoints, Then each URL is redacted to its own numbered label', () => {
    const redact = rpcUrlRedactor({ 8453: ['https://a.example/KEY-A', 'https://b.example/KEY-B'], 1: ['https://c.example/KEY-C'] });
    expect(redact('a https://a.example/KEY-A b https://b.example/KEY-B c https://c.example/KEY-C')).toBe('a <rpc 1 of chain 8453> b <rpc 2 of chain 8453> c <rpc of chain 1>');
  });
});
