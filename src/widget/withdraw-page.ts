import Decimal from 'decimal.js';
import type { ApiDeps } from '../api/deps';
import { priceFiatPayout } from '../domain/withdraw-amounts';
import type { Session } from '../store/rows';
import { listOptions } from '../use-cases/list-withdraw-options';
import type { Catalog } from './i18n';
import { esc, formatFiat } from './render';

export interface PayoutOption {
  chainId: number;
  chainName: string;
  /** TRON destinations are base58 (T...), EVM ones 0x. */
  chainType: 'EVM' | 'TRON';
  tokenAddress: string;
  symbol: string;
  displaySymbol: string;
  /** The payout in token units at the current price: a quote, priced again when the player confirms. */
  amount: string;
}

/** Only what the bankroll can pay now: an available token whose free balance covers this session's payout. */
export async function payoutOptions(deps: ApiDeps, session: Session): Promise<PayoutOption[]> {
  const bankroll = deps.config.BANKROLL_ADDRESS;
  const [options, rate, chains] = await Promise.all([
    listOptions({ ...deps, bankroll }, null, ['EVM', 'TRON']),
    deps.fx.usdTo(session.platformFiatCurrency),
    deps.db.chain.findMany({ select: { chainId: true, type: true } }),
  ]);
  if (!rate) return [];
  const chainType = new Map(chains.map((c) => [c.chainId, c.type]));
  const priced = await Promise.all(
    options
      .filter((o) => o.status === 'AVAILABLE' && o.availableAmount !== null)
      .map(async (o) => {
        const quote = await deps.prices.usdPrice({ chainId: o.chainId, tokenAddress: o.tokenAddress });
        const payout = quote && priceFiatPayout(new Decimal(session.amount.toString()), rate, quote.usd, o.decimals);
        if (!payout || new Decimal(o.availableAmount!).lt(payout.cryptoAmountSent)) return null;
        const { chainId, chainName, tokenAddress, symbol, displaySymbol } = o;
        return { chainId, chainName, chainType: chainType.get(chainId) ?? 'EVM', tokenAddress, symbol, displaySymbol, amount: payout.cryptoAmountSent };
      }),
  );
  return priced.filter((o): o is PayoutOption => o !== null);
}

/** The withdraw screen: the locked amount, then either the form (filled in by the script) or the outcome. */
export function withdrawBody(t: Catalog, lang: string, fiat: string, amount: string, options: PayoutOption[]): string {
  const optionButtons = options
    .map((o, i) => `<button type="button" data-option="${i}" aria-pressed="false">${esc(o.displaySymbol)} · ${esc(o.chainName)}</button>`)
    .join('');
  return `<h1>${esc(t.pageTitleWithdraw)}</h1>
<p class="muted">${esc(t.withdrawAmount)}</p>
<p class="amount" id="amount">${esc(formatFiat(lang, fiat, amount))}</p>
<section id="form" hidden>
<h2 id="option-heading">${esc(t.chooseAsset)}</h2>
${options.length ? `<div class="options" role="group" aria-labelledby="option-heading" id="options">${optionButtons}</div>` : `<p id="options">${esc(t.noOptions)}</p>`}
<p id="receive" class="muted"></p>
<label for="address-input">${esc(t.destination)}</label>
<input id="address-input" class="address" autocomplete="off" spellcheck="false" aria-describedby="address-hint address-error">
<p id="address-hint" class="muted">${esc(t.addressHint)}</p>
<p id="address-error" class="error"></p>
<button type="button" class="primary" id="continue">${esc(t.continue)}</button>
</section>
<section id="confirm-step" hidden aria-labelledby="confirm-heading">
<h2 id="confirm-heading" tabindex="-1">${esc(t.confirmHeading)}</h2>
<p id="summary"></p>
<code class="address" id="summary-address"></code>
<div class="options"><button type="button" id="back">${esc(t.back)}</button><button type="button" class="primary" id="confirm">${esc(t.confirm)}</button></div>
</section>
<section aria-labelledby="status-heading">
<h2 id="status-heading">${esc(t.statusHeading)}</h2>
<p id="status" class="status" role="status" aria-live="polite"></p>
<p id="tx" class="muted"></p>
</section>
<button type="button" class="primary" id="close">${esc(t.close)}</button>`;
}
