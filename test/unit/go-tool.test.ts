import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOOLS_BIN } from '../../dev/launcher/paths';

/** ensureGoTool of a fresh copy of its module with the user's cache at `cache`, as a new checkout's process would run it. */
function ensureWithCache(cache: string, tool: { label: string; binary: string; envVar: string; module: string }): string {
  const saved = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cache;
  try {
    let found = '';
    jest.isolateModules(() => {
      found = (jest.requireActual('../../dev/launcher/go-tool') as typeof import('../../dev/launcher/go-tool')).ensureGoTool(tool);
    });
    return found;
  } finally {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = saved;
  }
}

describe('ensureGoTool (dev/launcher/go-tool.ts)', () => {
  const binary = `gw-test-tool-${process.pid}`;
  const cache = mkdtempSync(path.join(os.tmpdir(), 'gw-cache-'));
  afterAll(() => {
    rmSync(cache, { recursive: true, force: true });
    rmSync(path.join(TOOLS_BIN, binary), { force: true });
  });

  it('When this user built the same module version for another checkout, Then it is copied into .tools/bin, executable, without Go', () => {
    const tool = { label: 'a test tool', binary, envVar: 'GW_TEST_TOOL_UNSET', module: 'example.com/tool/cmd/x@v1.2.3' };
    const kept = path.join(cache, 'gateway-go-tools', 'example.com_tool_cmd_x@v1.2.3', binary);
    mkdirSync(path.dirname(kept), { recursive: true });
    writeFileSync(kept, '#!/bin/sh\necho kept\n');
    chmodSync(kept, 0o755);
    const savedPath = process.env.PATH;
    process.env.PATH = '/nonexistent'; // no Go and no tool on PATH: only the kept build can answer
    try {
      expect(ensureWithCache(cache, tool)).toBe(path.join(TOOLS_BIN, binary));
    } finally {
      process.env.PATH = savedPath;
    }
    expect(readFileSync(path.join(TOOLS_BIN, binary), 'utf8')).toBe('#!/bin/sh\necho kept\n');
    expect(statSync(path.join(TOOLS_BIN, binary)).mode & 0o111).toBe(0o111);
  });
});
