import { sharedInFlight, sharedRecent } from '../../src/adapters/in-flight';

/** A read whose answers the test hands out one by one. */
function controlledRead() {
  const pending: Array<{ key: string; resolve: (v: string) => void; reject: (e: Error) => void }> = [];
  const read = (key: string) => new Promise<string>((resolve, reject) => pending.push({ key, resolve, reject }));
  return { pending, read };
}

describe('sharedInFlight', () => {
  it('When callers of one key arrive while its read runs, Then they share that one read, and other keys get their own', async () => {
    const { pending, read } = controlledRead();
    const shared = sharedInFlight((k: string) => k, read);
    const calls = [shared('a'), shared('a'), shared('b'), shared('a')];
    expect(pending.map((p) => p.key)).toEqual(['a', 'b']);
    pending[0]!.resolve('a1');
    pending[1]!.resolve('b1');
    expect(await Promise.all(calls)).toEqual(['a1', 'a1', 'b1', 'a1']);
  });

  it('When a read has finished, Then the next caller starts a new one and never gets the old answer', async () => {
    const { pending, read } = controlledRead();
    const shared = sharedInFlight((k: string) => k, read);
    const first = shared('a');
    pending[0]!.resolve('old');
    expect(await first).toBe('old');
    const second = shared('a');
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('new');
    expect(await second).toBe('new');
  });

  it('When the shared read fails, Then every caller waiting on it gets the error and the next caller reads again', async () => {
    const { pending, read } = controlledRead();
    const shared = sharedInFlight((k: string) => k, read);
    const waiting = [shared('a'), shared('a')];
    pending[0]!.reject(new Error('node down'));
    await expect(Promise.all(waiting)).rejects.toThrow('node down');
    await expect(waiting[1]).rejects.toThrow('node down');
    const again = shared('a');
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('back');
    expect(await again).toBe('back');
  });
});

describe('sharedRecent', () => {
  afterEach(() => jest.useRealTimers());

  it('When a key was read less than its age ago, Then later callers get that answer without a read; once the age has passed, a new read', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { pending, read } = controlledRead();
    const shared = sharedRecent((k: string) => k, read, 1000);
    const first = shared('a');
    pending[0]!.resolve('a1');
    expect(await first).toBe('a1');
    jest.setSystemTime(1_000_999);
    expect(await shared('a')).toBe('a1');
    expect(pending).toHaveLength(1);
    const other = shared('b');
    expect(pending.map((p) => p.key)).toEqual(['a', 'b']);
    pending[1]!.resolve('b1');
    expect(await other).toBe('b1');
    jest.setSystemTime(1_001_000);
    const later = shared('a');
    expect(pending).toHaveLength(3);
    pending[2]!.resolve('a2');
    expect(await later).toBe('a2');
  });

  it('When the read fails, Then its waiting callers get the error and the next caller reads again at once', async () => {
    const { pending, read } = controlledRead();
    const shared = sharedRecent((k: string) => k, read, 60_000);
    const waiting = [shared('a'), shared('a')];
    pending[0]!.reject(new Error('node down'));
    await expect(Promise.all(waiting)).rejects.toThrow('node down');
    const again = shared('a');
    expect(pending).toHaveLength(2);
    pending[1]!.resolve('back');
    expect(await again).toBe('back');
  });

  it('When the age is 0, Then every caller reads', async () => {
    let reads = 0;
    const shared = sharedRecent((k: string) => k, async () => ++reads, 0);
    expect([await shared('a'), await shared('a')]).toEqual([1, 2]);
  });
});
