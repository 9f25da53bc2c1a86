import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOOLS_BIN } from './paths';

export function onPath(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * This user's builds of each module version, shared by every checkout: a fresh clone copies the binary instead of
 * linking it again (Go's build cache makes a rebuild seconds, not minutes, but a fresh clone's CI waited about 13 s on
 * four of them before its first test).
 */
const USER_BUILDS = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'gateway-go-tools');

/**
 * A tool built from the Go module proxy: $<envVar>, else `binary` on PATH, else the cached build in .tools/bin, else
 * copied there from this user's build of the same module version (~/.cache/gateway-go-tools, or under
 * $XDG_CACHE_HOME), else built once with `go install <module>` into .tools/bin (minutes the first time) and kept for
 * the next checkout. Without Go either, say exactly what to install.
 */
export function ensureGoTool(tool: { label: string; binary: string; envVar: string; module: string }, log: (msg: string) => void = () => {}): string {
  const fromEnv = process.env[tool.envVar];
  const candidates = [fromEnv, onPath(tool.binary), path.join(TOOLS_BIN, tool.binary)];
  const found = candidates.find((c): c is string => !!c && existsSync(c));
  if (found) return found;
  if (fromEnv) throw new Error(`${tool.envVar}=${fromEnv} does not exist`);
  const target = path.join(TOOLS_BIN, tool.binary);
  // The module path with its version names the build: another version is another file.
  const userBuild = path.join(USER_BUILDS, tool.module.replace(/[^\w.@-]+/g, '_'), tool.binary);
  if (existsSync(userBuild)) {
    installCopy(userBuild, target);
    return target;
  }
  const go = onPath('go') ?? (existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : null);
  if (!go) {
    throw new Error(
      `${tool.label} is needed and neither it nor Go was found. Install Go (https://go.dev/dl, or \`apt-get install golang\`) ` +
        `so the launcher can run \`go install ${tool.module}\`, or put a \`${tool.binary}\` binary on PATH or in ${tool.envVar}.`,
    );
  }
  log(`building ${tool.label} with Go into .tools/bin (first time only; takes minutes)`);
  mkdirSync(TOOLS_BIN, { recursive: true });
  execFileSync(go, ['install', tool.module], { env: { ...process.env, GOBIN: TOOLS_BIN }, stdio: 'inherit' });
  try {
    installCopy(target, userBuild);
  } catch (err) {
    log(`${tool.label}: not kept for other checkouts (${(err as Error).message})`);
  }
  return target;
}

/** Copies an executable under a temporary name, then renames it: a process starting at once never finds half a file. */
function installCopy(from: string, to: string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  const partial = `${to}.${process.pid}.tmp`;
  copyFileSync(from, partial);
  renameSync(partial, to);
}
