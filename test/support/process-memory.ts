import { closeSync, openSync, readFileSync, readdirSync, readSync } from 'node:fs';

/** A process and every process below it (tsx runs the service in a child node process). */
export function processTree(root: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (which may hold spaces) start at the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parentOf) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

/** Which needles occur in the process's environment block. */
export function inEnviron(pid: number, needles: Record<string, Buffer>): string[] {
  const environ = readFileSync(`/proc/${pid}/environ`);
  return Object.keys(needles).filter((k) => environ.includes(needles[k]!));
}

/**
 * Which needles occur anywhere in the process's writable memory (heap, stacks, the environment block): every
 * readable and writable mapping of /proc/<pid>/mem, read in chunks that overlap by the longest needle.
 */
export function inMemory(pid: number, needles: Record<string, Buffer>): string[] {
  const found = new Set<string>();
  const overlap = Math.max(...Object.values(needles).map((n) => n.length));
  const chunk = Buffer.alloc(16 * 1024 * 1024);
  const fd = openSync(`/proc/${pid}/mem`, 'r');
  try {
    for (const line of readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n')) {
      const m = /^([0-9a-f]+)-([0-9a-f]+) rw/.exec(line);
      if (!m || line.endsWith('[vvar]')) continue;
      const end = parseInt(m[2]!, 16);
      for (let at = parseInt(m[1]!, 16); at < end; at += chunk.length - overlap) {
        let n = 0;
        try {
          n = readSync(fd, chunk, 0, Math.min(chunk.length, end - at), at);
        } catch {
          break; // an unreadable mapping (guard pages): nothing of ours lives there
        }
        const view = chunk.subarray(0, n);
        for (const [k, needle] of Object.entries(needles)) if (!found.has(k) && view.includes(needle)) found.add(k);
        if (at + n >= end) break;
      }
    }
  } finally {
    closeSync(fd);
  }
  return [...found];
}

/** The forms a secret may take in memory: UTF-8/Latin-1 text, V8's two-byte strings, and raw bytes. */
export function secretNeedles(keys: { HD_MNEMONIC: string; BANKROLL_PRIVATE_KEY: string }): Record<string, Buffer> {
  const hex = keys.BANKROLL_PRIVATE_KEY.slice(2).toLowerCase();
  return {
    mnemonic: Buffer.from(keys.HD_MNEMONIC, 'latin1'),
    mnemonicUtf16: Buffer.from(keys.HD_MNEMONIC, 'utf16le'),
    privateKeyHex: Buffer.from(hex, 'latin1'),
    privateKeyHexUtf16: Buffer.from(hex, 'utf16le'),
    privateKeyBytes: Buffer.from(hex, 'hex'),
  };
}
