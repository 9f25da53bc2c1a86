import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonFragment } from 'ethers';
import { DATA_DIR, ROOT } from '../launcher/paths';

export interface CompiledContract {
  abi: JsonFragment[];
  bytecode: string;
}
export interface DevContracts {
  TestToken: CompiledContract;
  MockV3Aggregator: CompiledContract;
  /** A token whose transfer costs more gas than a plain ERC-20's, and can be paused (tests of gas estimates). */
  HeavyToken: CompiledContract;
}

/** The parts of solc's standard-JSON output we read. */
interface SolcOutput {
  errors?: Array<{ severity: 'error' | 'warning' | 'info'; formattedMessage: string }>;
  contracts?: Record<string, Record<string, { abi: JsonFragment[]; evm: { bytecode: { object: string } } }>>;
}

const NAMES = ['TestToken', 'MockV3Aggregator', 'HeavyToken'] as const;
const CONTRACTS_DIR = path.join(ROOT, 'dev', 'devchain', 'contracts');

let cached: DevContracts | undefined;

/** Where a compilation's output is kept, named by what it was compiled from. */
const OUTPUT_DIR = path.join(DATA_DIR, 'contracts');

/**
 * Compiles the dev contracts with the solc-js compiler from the npm `solc` package (offline), once per process. Default
 * EVM target: hardhat 2.29 runs it. The output is kept in .data/contracts under a hash of the compiler's version, the
 * settings and the sources, since every set of test services, every test file that deploys one and every `npm start`
 * compiled the same sources again: about 3 CPU-seconds each (loading solc's 8 MB of JavaScript, then compiling), a
 * few dozen times a CI run.
 */
export function compileContracts(): DevContracts {
  if (cached) return cached;
  const input = JSON.stringify({
    language: 'Solidity',
    sources: Object.fromEntries(
      NAMES.map((n) => [`${n}.sol`, { content: readFileSync(path.join(CONTRACTS_DIR, `${n}.sol`), 'utf8') }]),
    ),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  });
  const solcVersion = (JSON.parse(readFileSync(require.resolve('solc/package.json'), 'utf8')) as { version: string }).version;
  const kept = path.join(OUTPUT_DIR, `${createHash('sha256').update(`${solcVersion}\n${input}`).digest('hex')}.json`);
  cached = keptOutput(kept) ?? compiled(input, kept);
  return cached;
}

/** A kept output, or undefined when there is none (or it cannot be read: it is then compiled again). */
function keptOutput(file: string): DevContracts | undefined {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<DevContracts>;
    return NAMES.every((n) => kept[n]?.bytecode && Array.isArray(kept[n].abi)) ? (kept as DevContracts) : undefined;
  } catch {
    return undefined;
  }
}

function compiled(input: string, keepAs: string): DevContracts {
  // Loaded only here: most processes find the output kept.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const solc = require('solc') as { compile(input: string): string };
  const output = JSON.parse(solc.compile(input)) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);

  const pick = (name: (typeof NAMES)[number]): CompiledContract => {
    const c = output.contracts?.[`${name}.sol`]?.[name];
    if (!c) throw new Error(`solc output has no contract ${name}`);
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  };
  const contracts = { TestToken: pick('TestToken'), MockV3Aggregator: pick('MockV3Aggregator'), HeavyToken: pick('HeavyToken') };
  // Written whole, then renamed: processes compiling at once each leave a complete file, never a part of one.
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const partial = `${keepAs}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(contracts));
  renameSync(partial, keepAs);
  return contracts;
}
