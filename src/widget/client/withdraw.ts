/// <reference lib="dom" />
import { format } from '../i18n/format';
import type { Catalog } from '../i18n/en';
import { addressProblem } from './address-check';
import { ApiError, post } from './api';
import { closeWidget } from './close';
import { statusNotifier } from './embed';
import { byId } from './dom';
import type { PayoutOption, WithdrawLive, WithdrawPageData } from './types';

const POLL_MS = 1500;
const OVER = new Set(['COMPLETED', 'REJECTED', 'FAILED', 'CANCELLED', 'EXPIRED']);
const NOT_ACCEPTED = new Set(['REJECTED', 'FAILED', 'CANCELLED', 'EXPIRED']);

/** Spec 6.2: the errorCodes of deny codes 2-9; WITHDRAW_DECLINED (1 and any other code) shows the operator's words. */
const DENIALS: Record<string, keyof Catalog> = {
  INSUFFICIENT_BALANCE: 'denyInsufficient',
  WITHDRAW_UNAVAILABLE: 'denyUnavailable',
  USER_NOT_ELIGIBLE: 'denyNotEligible',
  DAILY_LIMIT_EXCEEDED: 'denyDailyLimit',
  WITHDRAW_AMOUNT_TOO_LOW: 'denyTooLow',
  WITHDRAW_AMOUNT_TOO_HIGH: 'denyTooHigh',
  ACCOUNT_VERIFICATION_REQUIRED: 'denyVerification',
  WITHDRAW_SUSPENDED: 'denySuspended',
};

function outcome(t: Catalog, w: NonNullable<WithdrawLive['withdrawal']>, amount: (v: string) => string): string {
  switch (w.withdrawStatus) {
    case 'PENDING':
    case 'PROCESSING':
      return t.wUnderReview;
    case 'AWAITING_APPROVAL':
      return t.wAwaiting;
    case 'COMPLETED':
      return format(t.wCompleted, { amount: w.amount ? amount(w.amount) : '', symbol: w.symbol });
    case 'REJECTED':
      return t.wRejected;
    case 'FAILED':
      return t.wFailed;
    case 'EXPIRED':
      return t.wExpired;
    case 'CANCELLED':
      return t.wCancelled;
    default:
      return t.wSending;
  }
}

export function startWithdraw(data: WithdrawPageData): void {
  const { t, sid } = data;
  const amount = (value: string) => new Intl.NumberFormat(data.lang, { maximumFractionDigits: 8 }).format(value as unknown as number);
  const status = byId('status');
  const input = byId<HTMLInputElement>('address-input');
  const error = byId('address-error');
  let chosen: PayoutOption | null = null;
  let accepted = false;
  const notify = statusNotifier(data);

  function render(live: WithdrawLive): boolean {
    const w = live.withdrawal;
    if (!w) return false;
    byId('form').hidden = true;
    byId('confirm-step').hidden = true;
    accepted = !NOT_ACCEPTED.has(w.withdrawStatus);
    notify(w.withdrawStatus);
    const text = outcome(t, w, amount);
    if (status.textContent !== text) status.textContent = text;
    byId('tx').textContent = w.txHash ? `${t.txHash}: ${w.txHash}` : '';
    return OVER.has(w.withdrawStatus);
  }

  async function follow(): Promise<void> {
    try {
      if (render(await post<WithdrawLive>('/widget/status', { sid }))) return;
    } catch {
      // A missed poll is retried on the next tick.
    }
    setTimeout(() => void follow(), POLL_MS);
  }

  byId('options').addEventListener('click', (ev) => {
    const button = (ev.target as HTMLElement).closest<HTMLButtonElement>('button[data-option]');
    if (!button) return;
    byId('options').querySelectorAll('button').forEach((b) => b.setAttribute('aria-pressed', String(b === button)));
    chosen = data.options[Number(button.dataset.option)]!;
    byId('address-hint').textContent = chosen.chainType === 'TRON' ? t.addressHintTron : t.addressHint;
    byId('receive').textContent = format(t.youReceive, { amount: amount(chosen.amount), symbol: chosen.displaySymbol, network: chosen.chainName });
  });

  function showProblem(key: keyof Catalog | null): void {
    error.textContent = key ? t[key] : '';
    input.setAttribute('aria-invalid', String(key !== null));
  }
  input.addEventListener('blur', () => input.value && showProblem(addressProblem(input.value, chosen?.chainType)));

  byId('continue').addEventListener('click', () => {
    const problem = chosen ? addressProblem(input.value, chosen.chainType) : 'chooseFirst';
    showProblem(problem);
    if (problem || !chosen) return (problem === 'chooseFirst' ? byId('options') : input).focus();
    byId('summary').textContent = format(t.youReceive, { amount: amount(chosen.amount), symbol: chosen.displaySymbol, network: chosen.chainName });
    byId('summary-address').textContent = input.value.trim();
    byId('form').hidden = true;
    byId('confirm-step').hidden = false;
    byId('confirm-heading').focus();
  });
  byId('back').addEventListener('click', () => {
    byId('confirm-step').hidden = true;
    byId('form').hidden = false;
    input.focus();
  });

  byId('confirm').addEventListener('click', async () => {
    const confirm = byId<HTMLButtonElement>('confirm');
    confirm.disabled = true;
    status.textContent = t.loading;
    try {
      await post('/withdraw/direct-transfer', { sid, address: input.value.trim(), chainId: chosen!.chainId, tokenAddress: chosen!.tokenAddress });
      void follow();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : undefined;
      const key = code ? DENIALS[code] : undefined;
      byId('confirm-step').hidden = true;
      // Deny codes 1 and outside 1-9 arrive as WITHDRAW_DECLINED carrying the operator's own description.
      status.textContent = key ? t[key] : code === 'WITHDRAW_DECLINED' && err instanceof Error ? err.message : t.failed;
    }
  });

  byId('close').addEventListener('click', () => closeWidget(data, accepted ? 'success' : 'cancelled'));

  if (data.live.status === 'EXPIRED' || data.live.status === 'CANCELLED') status.textContent = t.sessionExpired;
  else if (render(data.live)) return;
  else if (data.live.withdrawal) void follow();
  else byId('form').hidden = false;
}
