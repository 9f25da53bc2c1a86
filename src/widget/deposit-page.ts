import type { Db } from '../adapters/db';
import type { Catalog } from './i18n';
import { esc, formatFiat } from './render';

export interface NetworkOption {
  chainId: number;
  name: string;
  tokens: { symbol: string; displaySymbol: string; name: string; decimals: number }[];
}

/**
 * The active EVM networks and their active assets (native first), and the active TRON chains this deployment has a
 * node for with their TRC-20 tokens (no native TRX deposits): what `POST /depositor/address` accepts.
 */
export async function depositNetworks(db: Db, tronChainIds: number[] = []): Promise<NetworkOption[]> {
  const chains = await db.chain.findMany({
    where: { active: true, OR: [{ type: 'EVM' }, { type: 'TRON', chainId: { in: tronChainIds } }] },
    orderBy: { chainId: 'asc' },
    include: { tokens: { where: { active: true }, orderBy: { symbol: 'asc' } } },
  });
  return chains.map((c) => ({
    chainId: c.chainId,
    name: c.name,
    tokens: [
      ...(c.type === 'TRON' ? [] : [{ symbol: c.nativeSymbol, displaySymbol: c.nativeSymbol, name: c.nativeSymbol, decimals: c.nativeDecimals }]),
      ...c.tokens.map((t) => ({ symbol: t.symbol, displaySymbol: t.displaySymbol, name: t.name, decimals: t.decimals })),
    ],
  }));
}

/** The deposit screen's markup; the script fills tokens, address and status into it. */
export function depositBody(t: Catalog, lang: string, fiat: string, amount: string, networks: NetworkOption[]): string {
  const networkButtons = networks
    .map((n) => `<button type="button" data-chain="${n.chainId}" aria-pressed="false">${esc(n.name)}</button>`)
    .join('');
  return `<h1>${esc(t.pageTitleDeposit)}</h1>
<p class="muted">${esc(t.amountDue)}</p>
<p class="amount" id="amount">${esc(formatFiat(lang, fiat, amount))}</p>
<p class="muted" id="countdown"></p>
<section id="choose">
<h2 id="network-heading">${esc(t.chooseNetwork)}</h2>
<div class="options" role="group" aria-labelledby="network-heading" id="networks">${networkButtons}</div>
<h2 id="token-heading" hidden>${esc(t.chooseToken)}</h2>
<div class="options" role="group" aria-labelledby="token-heading" id="tokens"></div>
</section>
<section id="pay" hidden aria-labelledby="pay-heading">
<h2 id="pay-heading">${esc(t.sendTo)}</h2>
<img class="qr" id="qr" alt="${esc(t.qrAlt)}" width="200" height="200">
<code class="address" id="address"></code>
<div class="options"><button type="button" id="copy-address">${esc(t.copyAddress)}</button><button type="button" id="copy-amount" hidden>${esc(t.copyAmount)}</button></div>
<p id="estimate" class="muted"></p>
<p class="warning" id="warning"></p>
</section>
<section aria-labelledby="status-heading">
<h2 id="status-heading">${esc(t.statusHeading)}</h2>
<p id="status" class="status" role="status" aria-live="polite">${esc(t.waiting)}</p>
<ul class="deposits" id="deposits"></ul>
</section>
<button type="button" class="primary" id="close">${esc(t.close)}</button>`;
}
