import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonFragment } from 'ethers';
import solc from 'solc';
import { ROOT } from '../launcher/paths';

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

/**
 * Compiles the dev contracts with the solc-js compiler from the npm `solc` package (offline, about 1 s), once
 * per process. Default EVM target: hardhat 2.29 runs it.
 */
export function compileContracts(): DevContracts {
  if (cached) return cached;
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      NAMES.map((n) => [`${n}.sol`, { content: readFileSync(path.join(CONTRACTS_DIR, `${n}.sol`), 'utf8') }]),
    ),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const compiled = solc.compile(JSON.stringify(input)) as string;
  const output = JSON.parse(compiled) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);

  const pick = (name: (typeof NAMES)[number]): CompiledContract => {
    const c = output.contracts?.[`${name}.sol`]?.[name];
    if (!c) throw new Error(`solc output has no contract ${name}`);
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  };
  cached = { TestToken: pick('TestToken'), MockV3Aggregator: pick('MockV3Aggregator'), HeavyToken: pick('HeavyToken') };
  return cached;
}
