/// <reference lib="dom" />
import { format } from '../i18n/format';
import { post } from './api';
import { closeWidget } from './close';
import { statusNotifier } from './embed';
import { byId, el } from './dom';
import { startCountdown } from './countdown';
import type { DepositPageData, LiveStatus } from './types';

interface Address {
  address: string;
  chainId: number;
  currency: string;
  tokenAddress: string | null;
  paymentUri: string;
}

const POLL_MS = 1500;

/** Marks one button of a group as chosen (aria-pressed) and the others as not. */
function press(group: HTMLElement, chosen: HTMLElement): void {
  group.querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(b === chosen)));
}

async function copy(text: string, button: HTMLButtonElement, label: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = done;
    setTimeout(() => (button.textContent = label), 2000);
  } catch {
    // No clipboard permission: the text is on screen to select by hand.
  }
}

export function startDeposit(data: DepositPageData): void {
  const { t, sid } = data;
  const amount = (value: string) => new Intl.NumberFormat(data.lang, { maximumFractionDigits: 8 }).format(value as unknown as number);
  const networks = byId('networks');
  const tokens = byId('tokens');
  const status = byId('status');
  let estimate: string | null = null;
  let detected = false;
  let stopped = false;
  const notify = statusNotifier(data);

  networks.addEventListener('click', (ev) => {
    const button = (ev.target as HTMLElement).closest<HTMLButtonElement>('button[data-chain]');
    if (!button || stopped) return;
    press(networks, button);
    const network = data.networks.find((n) => String(n.chainId) === button.dataset.chain)!;
    tokens.replaceChildren(
      ...network.tokens.map((tok) => {
        const b = el('button', tok.displaySymbol);
        b.type = 'button';
        b.setAttribute('aria-pressed', 'false');
        b.addEventListener('click', () => void choose(network, tok.symbol, b));
        return b;
      }),
    );
    byId('token-heading').hidden = false;
  });

  async function choose(network: DepositPageData['networks'][number], symbol: string, button: HTMLButtonElement): Promise<void> {
    if (stopped) return;
    press(tokens, button);
    status.textContent = t.loading;
    try {
      const a = await post<Address>('/depositor/address', { sid, chainId: network.chainId, currency: symbol });
      byId('address').textContent = a.address;
      byId('warning').textContent = format(t.warning, { symbol, network: network.name });
      const [qr, quote] = await Promise.all([
        post<{ image: string }>('/widget/qr', { sid, uri: a.paymentUri }),
        post<{ estimate: string | null }>('/widget/quote', { sid, chainId: a.chainId, tokenAddress: a.tokenAddress }),
      ]);
      byId<HTMLImageElement>('qr').src = qr.image;
      estimate = quote.estimate;
      byId('estimate').textContent = estimate ? format(t.estimate, { amount: amount(estimate), symbol }) : '';
      byId('copy-amount').hidden = !estimate;
      byId('pay').hidden = false;
      status.textContent = t.waiting;
    } catch {
      status.textContent = t.failed;
    }
  }

  const copyAddress = byId<HTMLButtonElement>('copy-address');
  copyAddress.addEventListener('click', () => void copy(byId('address').textContent ?? '', copyAddress, t.copyAddress, t.copied));
  const copyAmount = byId<HTMLButtonElement>('copy-amount');
  copyAmount.addEventListener('click', () => void (estimate && copy(estimate, copyAmount, t.copyAmount, t.copied)));
  byId('close').addEventListener('click', () => closeWidget(data, detected ? 'success' : 'cancelled'));

  function line(d: LiveStatus['deposits'][number]): string {
    const values = { amount: amount(d.amount), symbol: d.symbol, n: d.confirmations, m: d.requiredConfirmations };
    if (d.status === 'CREDITED') return format(t.credited, values);
    return format(d.status === 'CONFIRMING' ? t.detected : t.processing, values);
  }

  function stop(message: string): void {
    stopped = true;
    byId('choose').hidden = true;
    byId('pay').hidden = true;
    status.textContent = message;
  }

  function render(live: LiveStatus): void {
    notify(live.status);
    if (live.deposits.length > 0) detected = true;
    byId('deposits').replaceChildren(
      ...live.deposits.map((d) => {
        const li = el('li', line(d), d.status === 'CREDITED' ? 'ok' : undefined);
        li.dataset.status = d.status;
        li.append(el('br'), el('small', `${t.txHash}: ${d.txHash}`));
        return li;
      }),
    );
    if (live.status === 'EXPIRED') return stop(t.sessionExpired);
    if (live.status === 'CANCELLED') return stop(t.sessionCancelled);
    const latest = live.deposits[0];
    const text = latest ? line(latest) : byId('pay').hidden ? '' : t.waiting;
    // Only a change is announced: the live region must not repeat itself every poll.
    if (text && status.textContent !== text) status.textContent = text;
  }

  async function poll(): Promise<void> {
    try {
      render(await post<LiveStatus>('/widget/status', { sid }));
    } catch {
      // A missed poll is retried on the next tick.
    }
    if (!stopped) setTimeout(() => void poll(), POLL_MS);
  }

  startCountdown(data, t.expiresIn, () => stop(t.sessionExpired));
  void poll();
}
