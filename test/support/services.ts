import type { DevChainRegistry } from '../../dev/devchain/deploy';

/** What the global setup started, handed to the test files through one environment variable. */
export interface TestServices {
  pgAdminUrl: string;
  templateDb: string;
  temporalAddress: string;
  chainNodeUrl: string;
  chainRpcUrl: string;
  registry: DevChainRegistry;
  /** The second dev chain (interval mining), registered only in the contexts that ask for it. */
  secondChain: { nodeUrl: string; rpcUrl: string; registry: DevChainRegistry };
  bankrollKey: string;
  workflowBundlePath: string;
  /** The provisioning CLI bundled once per run (test/support/cli.ts runs it with plain node). */
  cliScript: string;
  /** src/main.ts bundled once per run: service processes run it with plain node (`--role api|worker`). */
  serviceScript: string;
}

export const TEST_ENV = 'GW_TEST_SERVICES';

export function testServices(): TestServices {
  const raw = process.env[TEST_ENV];
  if (!raw) throw new Error(`${TEST_ENV} is not set: run integration tests through jest's integration project`);
  return JSON.parse(raw) as TestServices;
}
