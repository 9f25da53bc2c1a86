/**
 * The breaking-change gate (docs/versioning.md): a change oasdiff calls breaking (level 3, ERR) against the released
 * document passes only when the version's major is raised and CHANGELOG.md announces it under `### Breaking` in the
 * new version's entry; any new version needs its entry. Pure, so the decision is tested without oasdiff.
 */

export interface BreakingChange {
  id: string;
  text: string;
  level: number;
  operation?: string;
  path?: string;
}

type Semver = [number, number, number];

export function parseSemver(v: string): Semver {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v);
  if (!m) throw new Error(`not a semver version: ${v}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

export function compareSemver(a: string, b: string): number {
  const [x, y] = [parseSemver(a), parseSemver(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** Semver's breaking bump: the major, or under 0.x the minor. */
function allowsBreaking(released: string, current: string): boolean {
  const [r, c] = [parseSemver(released), parseSemver(current)];
  return c[0] > r[0] || (r[0] === 0 && c[0] === 0 && c[1] > r[1]);
}

/** The text of CHANGELOG.md's `## [version]` entry, up to the next `## ` heading; null when there is none. */
export function changelogEntry(changelog: string, version: string): string | null {
  const lines = changelog.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`## [${version}]`));
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** Why the current document may not ship as it is (empty: it may). */
export function gateProblems(input: { released: string; current: string; breaking: BreakingChange[]; changelog: string }): string[] {
  const { released, current, changelog } = input;
  const breaking = input.breaking.filter((c) => c.level >= 3);
  if (compareSemver(current, released) < 0) return [`info.version ${current} is below the released ${released}`];
  const problems: string[] = [];
  const entry = changelogEntry(changelog, current);
  if (compareSemver(current, released) > 0 && entry === null) problems.push(`CHANGELOG.md has no "## [${current}]" entry for the new version`);
  if (breaking.length) {
    if (!allowsBreaking(released, current)) {
      problems.push(`${breaking.length} breaking change(s) against the released ${released}, but info.version ${current} does not raise the major`);
    }
    if (!entry || !/^### Breaking/m.test(entry)) problems.push(`CHANGELOG.md's "## [${current}]" entry does not announce them under "### Breaking"`);
  }
  return problems;
}
