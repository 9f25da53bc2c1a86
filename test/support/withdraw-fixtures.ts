import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import type { DevChainRegistry } from '../../dev/devchain/deploy';
import type { TestContext } from './harness';
import { http } from './http';

const ERC20_ABI = ['function balanceOf(address) view returns (uint256)'];

/**
 * Shared steps of the widget withdrawal tests: a withdraw session, the widget's submission, chain reads; on the first
 * dev chain unless another (its node and registry) is given.
 */
export function withdrawFixtures(ctx: TestContext, chain: { nodeUrl: string; registry: DevChainRegistry } = { nodeUrl: ctx.services.chainNodeUrl, registry: ctx.services.registry }) {
  const provider = new JsonRpcProvider(chain.nodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  const usdc = chain.registry.tokens.find((t) => t.symbol === 'USDC')!;
  let seq = 0;
  return {
    provider,
    usdc,
    bankroll: ctx.config.BANKROLL_ADDRESS,
    /** A fresh recipient address, so its balance says exactly what was paid. */
    recipient: () => Wallet.createRandom().address,
    balanceOf: (owner: string): Promise<bigint> => new Contract(usdc.address, ERC20_ABI, provider).getFunction('balanceOf')(owner),
    async session(apiKey: string, amount = '25.00', currency = 'USD'): Promise<{ sid: string; sessionRef: string; user: string }> {
      seq += 1;
      const user = `wd-user-${seq}`;
      const r = await http(ctx.apiUrl, 'POST', '/session/withdraw', {
        token: apiKey,
        json: { externalUserId: user, lang: 'en', platformFiatCurrency: currency, userBalance: '1000', amount },
      });
      if (r.status !== 201) throw new Error(`session: ${r.status} ${r.text}`);
      return { sid: r.body.data.sid, sessionRef: r.body.data.sessionRef, user };
    },
    submit: (sid: string, address: string, tokenAddress = usdc.address) =>
      http(ctx.apiUrl, 'POST', '/withdraw/direct-transfer', { json: { sid, address, chainId: chain.registry.chainId, tokenAddress } }),
    /** A session and its submitted request to a fresh recipient (201), with the status the submission answered. */
    async submitted(apiKey: string, amount: string) {
      const s = await this.session(apiKey, amount);
      const to = this.recipient();
      const r = await this.submit(s.sid, to);
      expect(r.status).toBe(201);
      return { ...s, to, id: r.body.data.withdrawRequestId as string, withdrawStatus: r.body.data.withdrawStatus as string };
    },
    decide: (apiKey: string, id: string, decision: 'APPROVE' | 'REJECT', reason?: string) =>
      http(ctx.apiUrl, 'POST', `/withdraw/${id}/decision`, { token: apiKey, json: { decision, ...(reason ? { reason } : {}) } }),
    adminMove: (token: string, id: string, status: string, adminNote?: string) =>
      http(ctx.apiUrl, 'PATCH', `/admin/withdrawals/${id}/status`, { token, json: { status, ...(adminNote ? { adminNote } : {}) } }),
  };
}
