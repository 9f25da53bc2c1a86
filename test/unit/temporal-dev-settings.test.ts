import { devServerArgs, readDevServerSettings } from '../../dev/launcher/temporal-server';

describe('temporal-dev.yml', () => {
  const settings = readDevServerSettings();

  it('When the launcher reads it, Then the dev server gets the contract ports, a file-backed store and the search attributes', () => {
    const args = devServerArgs(settings);
    const value = (flag: string) => args[args.indexOf(flag) + 1];
    expect(value('--port')).toBe('7233');
    expect(value('--ui-port')).toBe('8233');
    expect(value('--db-filename')).toMatch(/\.data\/temporal\/dev\.db$/);
    const attrs = args.flatMap((a, i) => (args[i - 1] === '--search-attribute' ? [a] : []));
    expect(attrs).toEqual(['OperatorId=Keyword', 'ExternalUserId=Keyword', 'SessionRef=Keyword', 'WithdrawStatus=Keyword', 'PayoutState=Keyword']);
    expect(args).toContain('frontend.enableUpdateWorkflowExecution=true');
  });

  it('When the UI port is null (test harness), Then the server runs headless', () => {
    const args = devServerArgs({ ...settings, uiPort: null });
    expect(args).toContain('--headless');
    expect(args).not.toContain('--ui-port');
  });
});
