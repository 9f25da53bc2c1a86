import { groupCommit } from '../../src/store/group-commit';

/** A section whose runs are recorded and held until released, so callers can arrive while one runs. */
function heldSection(fail: (item: string) => boolean = () => false) {
  const runs: string[][] = [];
  const releases: Array<() => void> = [];
  const run = async (items: string[]) => {
    runs.push(items);
    await new Promise<void>((r) => releases.push(r));
    if (items.some(fail)) throw new Error(`failed: ${items.join(',')}`);
    return items.map((i) => i.toUpperCase());
  };
  /** Releases runs one by one, each after the callers it woke have had their turn, until none is left. */
  const releaseAll = async () => {
    for (;;) {
      await new Promise((r) => setImmediate(r));
      const next = releases.shift();
      if (!next) return;
      next();
    }
  };
  return { runs, run, releaseAll };
}

describe('group commit', () => {
  it('When callers arrive while a run of their key is in progress, Then the first ran alone at once and the rest go together in the next run, each getting its own answer', async () => {
    const s = heldSection();
    const call = groupCommit((i: string) => i[0]!, s.run);
    const answers = Promise.all(['a1', 'a2', 'a3', 'b1', 'a4'].map((i) => call(i)));
    await new Promise((r) => setImmediate(r));
    expect(s.runs).toEqual([['a1'], ['b1']]); // other keys never wait
    await s.releaseAll();
    expect(await answers).toEqual(['A1', 'A2', 'A3', 'B1', 'A4']);
    expect(s.runs).toEqual([['a1'], ['b1'], ['a2', 'a3', 'a4']]);
  });

  it('When a run of several fails, Then each of its items runs again alone: only the failing one is refused', async () => {
    const s = heldSection((i) => i === 'a3');
    const call = groupCommit((i: string) => i[0]!, s.run);
    const answers = ['a1', 'a2', 'a3', 'a4'].map((i) => call(i).catch((err: Error) => err.message));
    await new Promise((r) => setImmediate(r));
    await s.releaseAll();
    expect(await Promise.all(answers)).toEqual(['A1', 'A2', 'failed: a3', 'A4']);
    expect(s.runs).toEqual([['a1'], ['a2', 'a3', 'a4'], ['a2'], ['a3'], ['a4']]);
  });

  it('When more callers wait than a run takes, Then they go in runs of at most that many, in arrival order', async () => {
    const s = heldSection();
    const call = groupCommit((i: string) => i[0]!, s.run, 2);
    const answers = Promise.all(['a1', 'a2', 'a3', 'a4', 'a5'].map((i) => call(i)));
    await new Promise((r) => setImmediate(r));
    await s.releaseAll();
    await answers;
    expect(s.runs).toEqual([['a1'], ['a2', 'a3'], ['a4', 'a5']]);
  });
});

describe('group commit, a run that does not end', () => {
  it('When a run is still going after stallMs, Then the callers behind it run without it', async () => {
    const runs: string[][] = [];
    const call = groupCommit(
      (i: string) => i[0]!,
      async (items: string[]) => {
        runs.push(items);
        if (items.includes('a1')) await new Promise(() => {}); // never answers
        return items;
      },
      50,
      30,
    );
    void call('a1');
    expect(await Promise.all([call('a2'), call('a3')])).toEqual(['a2', 'a3']);
    expect(runs).toEqual([['a1'], ['a2', 'a3']]);
  });
});
