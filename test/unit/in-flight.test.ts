import { sharedInFlight, sharedRecent, sharedStartedAfter } from '../../src/adapters/in-flight';

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

/** Lets pending promise callbacks run (the reads start a microtask after they are asked for). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedStartedAfter', () => {
  it('When callers arrive while a read runs, Then none gets its answer: they share the next read, started only once it has settled', async () => {
    const { pending, read } = controlledRead();
    const shared = sharedStartedAfter((k: string) => k, read);
    const first = shared('a');
    await settle();
    expect(pending).toHaveLength(1);
    const late = [shared('a'), shared('a')];
    const other = shared('b');
    await settle();
    // The late callers' read waits for the running one; another key reads at once.
    expect(pending.map((p) => p.key)).toEqual(['a', 'b']);
    pending[0]!.resolve('before');
    expect(await first).toBe('before');
    await settle();
    expect(pending.map((p) => p.key)).toEqual(['a', 'b', 'a']);
    pending[2]!.resolve('after');
    pending[1]!.resolve('b1');
    expect(await Promise.all([...late, other])).toEqual(['after', 'after', 'b1']);
  });

  it('When a caller arrives while the shared next read runs, Then it waits for the one after that', async () => {
    const { pending, read } = controlledRead();
    const shared = sharedStartedAfter((k: string) => k, read);
    const calls = [shared('a'), shared('a')];
    await settle();
    pending[0]!.resolve('r1');
    await settle();
    const third = shared('a');
    pending[1]!.resolve('r2');
    await settle();
    expect(pending).toHaveLength(3);
    pending[2]!.resolve('r3');
    expect(await Promise.all([...calls, third])).toEqual(['r1', 'r2', 'r3']);
  });

  it('When a read fails, Then only its own callers get the error; the callers queued behind it read again', async () => {
    const { pending, read } = controlledRead();
    const shared = sharedStartedAfter((k: string) => k, read);
    const first = shared('a');
    const queued = shared('a');
    await settle();
    pending[0]!.reject(new Error('node down'));
    await expect(first).rejects.toThrow('node down');
    await settle();
    pending[1]!.resolve('back');
    expect(await queued).toBe('back');
  });

  it('When nothing runs, Then a caller reads at once, and a read that threw synchronously is its rejection', async () => {
    let reads = 0;
    const shared = sharedStartedAfter(
      (k: string) => k,
      async () => ++reads,
    );
    expect([await shared('a'), await shared('a')]).toEqual([1, 2]);
    const throwing = sharedStartedAfter(
      (k: string) => k,
      (): Promise<number> => {
        throw new Error('bad key');
      },
    );
    await expect(throwing('a')).rejects.toThrow('bad key');
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
