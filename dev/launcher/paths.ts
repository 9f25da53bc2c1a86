import path from 'node:path';

/** The repo root, from any cwd. */
export const ROOT = path.resolve(__dirname, '../..');
/** Generated and downloaded state, ignored by git. */
export const DATA_DIR = path.join(ROOT, '.data');
export const TOOLS_BIN = path.join(ROOT, '.tools', 'bin');
