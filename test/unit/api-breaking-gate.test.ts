import { changelogEntry, gateProblems, type BreakingChange } from '../../dev/api-reference/breaking-gate';

const removed: BreakingChange = { id: 'api-path-removed-without-deprecation', text: 'API path removed without deprecation', level: 3, operation: 'GET', path: '/chain' };
const warning: BreakingChange = { id: 'response-property-enum-value-added', text: 'enum value added', level: 2 };
const changelog = (entries: string) => `# Changelog\n\n## [Unreleased]\n\n${entries}## [1.0.0] - 2026-11-26\n\n### Added\n\n- Everything.\n`;

describe('the breaking-change gate (docs/versioning.md)', () => {
  it('When nothing breaks and the version is the released one, Then it passes; a warning alone does not fail it', () => {
    expect(gateProblems({ released: '1.0.0', current: '1.0.0', breaking: [], changelog: changelog('') })).toEqual([]);
    expect(gateProblems({ released: '1.0.0', current: '1.0.0', breaking: [warning], changelog: changelog('') })).toEqual([]);
  });

  it('When a change breaks and the version stays, Then it fails for the version and for the changelog', () => {
    expect(gateProblems({ released: '1.0.0', current: '1.0.0', breaking: [removed], changelog: changelog('') })).toEqual([
      '1 breaking change(s) against the released 1.0.0, but info.version 1.0.0 does not raise the major',
      'CHANGELOG.md\'s "## [1.0.0]" entry does not announce them under "### Breaking"',
    ]);
  });

  it('When a change breaks under a minor bump announced as breaking, Then it still fails: only a major may break', () => {
    const problems = gateProblems({ released: '1.0.0', current: '1.1.0', breaking: [removed], changelog: changelog('## [1.1.0]\n\n### Breaking\n\n- GET /chain is gone.\n\n') });
    expect(problems).toEqual(['1 breaking change(s) against the released 1.0.0, but info.version 1.1.0 does not raise the major']);
  });

  it('When the major is raised, Then it passes only once the new entry has a Breaking section', () => {
    expect(gateProblems({ released: '1.0.0', current: '2.0.0', breaking: [removed], changelog: changelog('') })).toEqual([
      'CHANGELOG.md has no "## [2.0.0]" entry for the new version',
      'CHANGELOG.md\'s "## [2.0.0]" entry does not announce them under "### Breaking"',
    ]);
    expect(gateProblems({ released: '1.0.0', current: '2.0.0', breaking: [removed], changelog: changelog('## [2.0.0]\n\n### Removed\n\n- GET /chain.\n\n') })).toEqual([
      'CHANGELOG.md\'s "## [2.0.0]" entry does not announce them under "### Breaking"',
    ]);
    expect(gateProblems({ released: '1.0.0', current: '2.0.0', breaking: [removed], changelog: changelog('## [2.0.0]\n\n### Breaking\n\n- GET /chain is gone.\n\n') })).toEqual([]);
  });

  it('When the version goes back, or rises with no entry, Then it fails', () => {
    expect(gateProblems({ released: '1.2.0', current: '1.1.9', breaking: [], changelog: changelog('') })).toEqual(['info.version 1.1.9 is below the released 1.2.0']);
    expect(gateProblems({ released: '1.0.0', current: '1.0.1', breaking: [], changelog: changelog('') })).toEqual(['CHANGELOG.md has no "## [1.0.1]" entry for the new version']);
  });

  it("When an entry is read, Then it stops at the next version's heading", () => {
    expect(changelogEntry(changelog('## [2.0.0]\n\n### Breaking\n\n- x\n\n'), '1.0.0')).not.toMatch(/Breaking/);
    expect(changelogEntry(changelog(''), '3.0.0')).toBeNull();
  });
});
