import { mine } from '../dev/devchain/dev-commands';
import { delay } from '../test/support/wait';

/** Mines a block every 250 ms, as a live chain would, so confirmations come while the worker dies and returns (on geth: waits for its own). */
export function startMiner(nodeUrl: string, chainId: number): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    while (running) {
      await mine({ nodeUrl, chainId }).catch(() => undefined);
      await delay(250);
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}
