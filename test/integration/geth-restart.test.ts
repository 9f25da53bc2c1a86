import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JsonRpcProvider, Wallet } from 'ethers';
import { deployOnce } from '../../dev/devchain/deployed';
import { startDevNode, type DevNode } from '../../dev/devchain/node';
import { SECOND_DEV_CHAIN } from '../../dev/devchain/spec';
import { freePort } from '../../src/adapters/free-port';

/** What `npm start` does with geth's data directory: the chain and its contracts go on across starts, until it is emptied. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'geth-restart-'));
const dataDir = path.join(dir, 'geth');
const file = path.join(dir, 'devchain-1337.json');
const bankrollAddress = Wallet.createRandom().address;
let node: DevNode | undefined;

async function start(): Promise<DevNode> {
  node = await startDevNode({ port: await freePort(), chainId: SECOND_DEV_CHAIN.chainId, client: 'geth', dataDir, blockIntervalMs: 1000 });
  return node;
}
async function head(url: string): Promise<number> {
  const provider = new JsonRpcProvider(url, SECOND_DEV_CHAIN.chainId, { staticNetwork: true });
  try {
    return await provider.getBlockNumber();
  } finally {
    provider.destroy();
  }
}

afterAll(async () => {
  await node?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('When geth is restarted on its data directory, Then the chain goes on and the contracts are found again; emptied, Then they are deployed anew', async () => {
  let n = await start();
  const first = await deployOnce({ nodeUrl: n.url, bankrollAddress, spec: SECOND_DEV_CHAIN, file });
  expect(first).toMatchObject({ reused: false, reset: false });
  const reached = await head(n.url);
  await n.stop();

  n = await start();
  expect(await head(n.url)).toBeGreaterThanOrEqual(reached);
  const again = await deployOnce({ nodeUrl: n.url, bankrollAddress, spec: SECOND_DEV_CHAIN, file });
  expect(again).toEqual({ registry: first.registry, reused: true, reset: false });
  await n.stop();

  rmSync(dataDir, { recursive: true, force: true });
  n = await start();
  const fresh = await deployOnce({ nodeUrl: n.url, bankrollAddress, spec: SECOND_DEV_CHAIN, file });
  // The recorded contracts are gone: the launcher registers the chain as a new instance (registerChainInstance's reset).
  expect(fresh).toMatchObject({ reused: false, reset: true });
  // geth's dev chain is deterministic: the same account at the same nonces deploys at the same addresses again.
  expect(fresh.registry.tokens.map((t) => t.address)).toEqual(first.registry.tokens.map((t) => t.address));
});
