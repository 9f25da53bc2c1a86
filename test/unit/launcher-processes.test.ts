import { startProcess, waitFor, type Managed } from '../../dev/launcher/processes';

describe('waitFor', () => {
  const started: Managed[] = [];
  const sleeper = () => {
    const proc = startProcess('sleeper', process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    started.push(proc);
    return proc;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((p) => p.stop()));
  });

  it('stops the process it waited on when the check never passes: a failed start leaves nothing running', async () => {
    const proc = sleeper();
    await expect(waitFor('sleeper', async () => false, 300, proc)).rejects.toThrow('sleeper: not ready after 300 ms');
    expect(proc.child.exitCode !== null || proc.child.signalCode !== null).toBe(true);
  });

  it('leaves the process running when the check passes', async () => {
    const proc = sleeper();
    await waitFor('sleeper', async () => true, 300, proc);
    expect(proc.child.exitCode).toBeNull();
    expect(proc.child.signalCode).toBeNull();
  });
});
