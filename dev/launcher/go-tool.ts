import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { TOOLS_BIN } from './paths';

export function onPath(cmd: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * A tool built from the Go module proxy: $<envVar>, else `binary` on PATH, else the cached build in .tools/bin, else
 * built once with `go install <module>` into .tools/bin (minutes the first time). Without Go either, say exactly what
 * to install.
 */
export function ensureGoTool(tool: { label: string; binary: string; envVar: string; module: string }, log: (msg: string) => void = () => {}): string {
  const fromEnv = process.env[tool.envVar];
  const candidates = [fromEnv, onPath(tool.binary), path.join(TOOLS_BIN, tool.binary)];
  const found = candidates.find((c): c is string => !!c && existsSync(c));
  if (found) return found;
  if (fromEnv) throw new Error(`${tool.envVar}=${fromEnv} does not exist`);
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
  return path.join(TOOLS_BIN, tool.binary);
}
