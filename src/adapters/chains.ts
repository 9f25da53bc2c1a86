import { JsonRpcProvider } from 'ethers';
import { TronNode } from './tron-node';

/**
 * One JSON-RPC provider per configured chain. staticNetwork: no background network detection loop. batchStallTime 0:
 * calls made in one tick still go as one batch, but no call waits ethers' default 10 ms for others to join it.
 */
export class ChainProviders {
  private readonly providers = new Map<number, JsonRpcProvider>();
  private readonly tronNodes = new Map<number, TronNode>();

  /** `tronUrls`: TRON chains' full-node HTTP APIs (TRON_RPC_URLS); a TRON chain has no JSON-RPC provider. */
  constructor(private readonly rpcUrls: Record<number, string>, private readonly tronUrls: Record<number, string> = {}) {}

  configuredChainIds(): number[] {
    return [...Object.keys(this.rpcUrls), ...Object.keys(this.tronUrls)].map(Number);
  }

  /** The TRON node client of a chain, or null when it is not a configured TRON chain. */
  tron(chainId: number): TronNode | null {
    const url = this.tronUrls[chainId];
    if (!url) return null;
    let node = this.tronNodes.get(chainId);
    if (!node) {
      node = new TronNode(url);
      this.tronNodes.set(chainId, node);
    }
    return node;
  }

  /** The TRON node of a chain that must have one. */
  requireTron(chainId: number): TronNode {
    const node = this.tron(chainId);
    if (!node) throw new Error(`no TRON node URL configured for chain ${chainId}`);
    return node;
  }

  /** The provider for a chain, or null when no RPC URL is configured for it. */
  get(chainId: number): JsonRpcProvider | null {
    const url = this.rpcUrls[chainId];
    if (!url) return null;
    let provider = this.providers.get(chainId);
    if (!provider) {
      provider = new JsonRpcProvider(url, chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 250, batchStallTime: 0 });
      this.providers.set(chainId, provider);
    }
    return provider;
  }

  /** The provider for a chain that must have one (activities acting on a registered chain). */
  require(chainId: number): JsonRpcProvider {
    const provider = this.get(chainId);
    if (!provider) throw new Error(`no RPC URL configured for chain ${chainId}`);
    return provider;
  }

  /** True when the chain's node answers its head block (eth_blockNumber, or TRON's now block) within the deadline. */
  async up(chainId: number, timeoutMs = 2000): Promise<boolean> {
    const tron = this.tron(chainId);
    const probe = tron ? tron.headNumber() : this.get(chainId)?.send('eth_blockNumber', []);
    if (!probe) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
    });
    try {
      await Promise.race([probe, timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  destroy(): void {
    for (const p of this.providers.values()) p.destroy();
    this.providers.clear();
  }
}
