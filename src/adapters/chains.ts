import { RPC_DEFAULTS, type Config } from '../config/env';
import type { Logger } from './logger';
import { FailoverRpcProvider, logSwitch, type RpcOptions } from './rpc-provider';
import { TronNode } from './tron-node';

/** One JSON-RPC provider per configured chain, over every endpoint configured for it (src/adapters/rpc-provider.ts). */
export class ChainProviders {
  private readonly providers = new Map<number, FailoverRpcProvider>();
  private readonly tronNodes = new Map<number, TronNode>();

  /** `tronUrls`: TRON chains' full-node HTTP APIs (TRON_RPC_URLS); a TRON chain has no JSON-RPC provider. */
  constructor(
    private readonly rpcUrls: Record<number, readonly string[]>,
    private readonly tronUrls: Record<number, readonly string[]> = {},
    private readonly options: RpcOptions & { readTimeoutMs: number } = RPC_DEFAULTS,
  ) {}

  /** How long a read whose answer may be unknown (a balance, a depth) waits before it is (CHAIN_READ_TIMEOUT_MS; valueOrNull). */
  get readTimeoutMs(): number {
    return this.options.readTimeoutMs;
  }

  /** The providers of a service or CLI process, with its configured endpoints, timeout and log range. */
  static fromConfig(config: Config, logger?: Logger): ChainProviders {
    return new ChainProviders(config.CHAIN_RPC_URLS, config.TRON_RPC_URLS, { timeoutMs: config.CHAIN_RPC_TIMEOUT_MS, logsMaxBlocks: config.CHAIN_LOGS_MAX_BLOCKS, headShareMs: config.CHAIN_HEAD_SHARE_MS, readTimeoutMs: config.CHAIN_READ_TIMEOUT_MS, logger });
  }

  configuredChainIds(): number[] {
    return [...Object.keys(this.rpcUrls), ...Object.keys(this.tronUrls)].map(Number);
  }

  /** The TRON node client of a chain, or null when it is not a configured TRON chain. */
  tron(chainId: number): TronNode | null {
    const urls = this.tronUrls[chainId];
    if (!urls) return null;
    let node = this.tronNodes.get(chainId);
    if (!node) {
      node = new TronNode(urls, this.options.timeoutMs, (from, to) => logSwitch(this.options.logger, chainId, from, to));
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
  get(chainId: number): FailoverRpcProvider | null {
    const urls = this.rpcUrls[chainId];
    if (!urls) return null;
    let provider = this.providers.get(chainId);
    if (!provider) {
      provider = new FailoverRpcProvider(chainId, urls, this.options);
      this.providers.set(chainId, provider);
    }
    return provider;
  }

  /** The provider for a chain that must have one (activities acting on a registered chain). */
  require(chainId: number): FailoverRpcProvider {
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
