import type { TransactionReceipt } from 'ethers';
import { receiptWithin } from '../../src/activities/sweep-send';

const HASH = '0x' + 'ab'.repeat(32);
const RECEIPT = { hash: HASH, blockNumber: 7, status: 1 } as unknown as TransactionReceipt;

/** A node whose receipt appears after `mined` looks (0: it mined on arrival); counts the looks. */
function node(mined: number) {
  const looks = { count: 0 };
  return { looks, p: { getTransactionReceipt: async () => (++looks.count > mined ? RECEIPT : null) } };
}

/** Settles `promise` as far as it gets with the clock frozen: the answer, or 'waiting'. */
async function withoutTime<T>(promise: Promise<T>): Promise<T | 'waiting'> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  return Promise.race([promise, Promise.resolve('waiting' as const)]);
}

describe('A sweep transfer waiting for its receipt', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('When it was just sent to a node that mines on arrival, Then its receipt is found at once, one look and no wait', async () => {
    const { looks, p } = node(0);
    expect(await withoutTime(receiptWithin(p, HASH, 1000, true))).toBe(RECEIPT);
    expect(looks.count).toBe(1);
  });

  it('When it was read a moment ago, Then the first look waits 500 ms, and looks end with the poll interval', async () => {
    const { looks, p } = node(0);
    const found = receiptWithin(p, HASH, 1000, false);
    expect(await withoutTime(found)).toBe('waiting');
    expect(looks.count).toBe(0);
    await jest.advanceTimersByTimeAsync(500);
    expect(await found).toBe(RECEIPT);

    const never = node(Number.MAX_SAFE_INTEGER);
    const gaveUp = receiptWithin(never.p, HASH, 1000, true);
    await jest.advanceTimersByTimeAsync(1000);
    expect(await gaveUp).toBeUndefined();
    expect(never.looks.count).toBe(3);
  });
});
