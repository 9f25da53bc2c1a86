import Decimal from 'decimal.js';
import type { Request } from 'express';
import type { EndpointDeps } from '../api/endpoint';
import type { AdminPrincipal } from '../api/middleware/auth';
import { adminDepositListQuery } from '../api/schemas/deposits';
import { adminWebhookListQuery } from '../api/schemas/webhooks';
import { fromRawUnits } from '../domain/money';
import { coldAddressView, treasurySendState } from '../domain/treasury-sends';
import { operatorView } from '../provisioning/operators';
import { depositsPage } from '../store/deposit-reads';
import { sourceHistory } from '../store/treasury';
import { activeColdAddresses, recentTreasurySends } from '../store/treasury-sends';
import { allOperators } from '../store/operator-reads';
import { listOptions } from '../use-cases/list-withdraw-options';
import { listOutboxEvents } from '../use-cases/webhook-events';
import type { PanelCatalog } from './i18n/en';
import { actionButton, code, esc, table, time } from './render';
import type { Screen } from './withdrawals';

/** A status filter as a GET form (one select): the lists' one filter. */
function statusFilter(t: PanelCatalog, action: string, statuses: readonly string[], chosen: string | undefined): string {
  const opts = statuses.map((s) => `<option value="${s}"${s === chosen ? ' selected' : ''}>${s}</option>`).join('');
  return `<form class="card filters" method="get" action="${action}" aria-label="${esc(t.filters)}">
<div><label for="f-status">${esc(t.status)}</label><select id="f-status" name="status"><option value="">${esc(t.any)}</option>${opts}</select></div>
<button type="submit" class="primary">${esc(t.apply)}</button>
</form>`;
}

/** GET /panel/deposits: the newest deposits, dust included (status DUST shows only those). */
export async function depositsScreen(deps: EndpointDeps, t: PanelCatalog, req: Request): Promise<Screen> {
  const statuses = adminDepositListQuery.shape.status.unwrap().options;
  const q = adminDepositListQuery.safeParse(req.query).data ?? adminDepositListQuery.parse({});
  const rows = await depositsPage(deps.db, { status: q.status }, null, 100);
  const cells = rows.map((d) => [
    time(d.createdAt),
    `<strong>${d.status}</strong>`,
    esc(`${fromRawUnits(BigInt(d.grossAmount.toFixed(0)), d.decimals)} ${d.symbol}`),
    String(d.chainId),
    esc(d.externalUserId),
    code(d.depositAddress),
    code(d.txHash),
  ]);
  const body = `<h1>${esc(t.depositsHeading)}</h1>
${statusFilter(t, '/panel/deposits', statuses, q.status)}
${table(t.depositsCaption, [t.created, t.status, t.amount, t.chain, t.user, t.address, t.txHash], cells)}`;
  return { title: t.depositsHeading, body };
}

/** GET /panel/webhooks: the outbox, newest first; an acting admin may redeliver a dead-lettered event. */
export async function webhooksScreen(deps: EndpointDeps, t: PanelCatalog, admin: AdminPrincipal, req: Request): Promise<Screen> {
  const statuses = adminWebhookListQuery.shape.status.unwrap().options;
  const q = adminWebhookListQuery.safeParse(req.query).data;
  const { items } = await listOutboxEvents(deps.db, { status: q?.status }, { limit: 100 });
  const names = new Map((await allOperators(deps.db)).map((o) => [o.id, o.name]));
  const acting = admin.role !== 'SUPPORT';
  const cells = items.map((e) => {
    const last = e.attempts.at(-1);
    const redeliver =
      acting && e.status === 'DEAD_LETTER' ? actionButton(t.redeliver, { method: 'POST', path: `/admin/webhooks/${e.eventId}/redeliver`, confirm: t.confirmRedeliver }) : '';
    return [
      esc(e.createdAt.replace('T', ' ').slice(0, 19)),
      esc(e.event),
      `<strong>${esc(e.status)}</strong>`,
      esc(names.get(e.operatorId) ?? e.operatorId),
      String(e.attempts.length),
      last ? esc(`${last.httpStatus ?? last.error ?? ''}`) : '',
      code(e.eventId),
      ...(acting ? [redeliver] : []),
    ];
  });
  const headings = [t.created, t.event, t.status, t.operator, t.attempts, t.lastAttempt, 'Id', ...(acting ? [t.actions] : [])];
  const body = `<h1>${esc(t.webhooksHeading)}</h1>
${statusFilter(t, '/panel/webhooks', statuses, q?.status)}
${table(t.webhooksCaption, headings, cells, (i) => (items[i]!.status === 'DEAD_LETTER' ? 'failed' : ''))}`;
  return { title: t.webhooksHeading, body };
}

/** GET /panel/operators: every operator, read only, no secrets. */
export async function operatorsScreen(deps: EndpointDeps, t: PanelCatalog): Promise<Screen> {
  const rows = (await allOperators(deps.db)).map(operatorView);
  const cells = rows.map((o) => [
    esc(o.name),
    esc(o.status),
    esc(o.approvalMode),
    o.headlessEnabled ? t.yes : t.no,
    esc(o.platformFiatDefault ?? ''),
    code(o.webhookUrl),
    code(o.id),
  ]);
  const body = `<h1>${esc(t.operatorsHeading)}</h1>
${table(t.operatorsCaption, [t.name, t.status, t.approval, t.headless, 'Fiat', t.webhookUrl, 'Id'], cells)}`;
  return { title: t.operatorsHeading, body };
}

/**
 * GET /panel/treasury: per chain and token, the bankroll's balance on chain, what payouts reserve, what is free; then
 * the hot-wallet ceilings, the newest sends to cold storage (with who asked and how far each got), the cold addresses
 * and the top-up sources: what `GET /admin/treasury` lists, for the people who watch the money.
 */
export async function treasuryScreen(deps: EndpointDeps, t: PanelCatalog): Promise<Screen> {
  const [options, chains, sends, cold, sources] = await Promise.all([
    listOptions({ ...deps, bankroll: deps.config.BANKROLL_ADDRESS }, null, ['EVM', 'TRON']),
    deps.db.chain.findMany({ where: { hotMaxUsd: { not: null } }, orderBy: { chainId: 'asc' } }),
    recentTreasurySends(deps.db, undefined, 20),
    activeColdAddresses(deps.db),
    sourceHistory(deps.db),
  ]);
  // Without the trailing zeros of the token's decimals (18 for most): 1000000, not 1000000.000000000000000000.
  const amount = (v: string | null) => esc(v === null ? t.unknown : new Decimal(v).toFixed());
  const balances = options.map((o) => [
    esc(`${o.chainName} (${o.chainId})`),
    esc(o.displaySymbol ?? o.symbol),
    amount(o.bankrollBalance),
    amount(o.reservedAmount),
    amount(o.availableAmount),
  ]);
  const ceilings = chains.map((c) => [esc(`${c.name} (${c.chainId})`), esc(c.hotMaxUsd!.toFixed()), code(c.hotColdAddress)]);
  const shown = sends.map(({ transfer, outbound }) => treasurySendState(transfer, outbound));
  const sendRows = sends.map(({ transfer: s }, i) => {
    const { status, txHash, stuck } = shown[i]!;
    return [
      time(s.createdAt),
      String(s.chainId),
      `${amount(fromRawUnits(BigInt(s.amountRaw.toFixed(0)), s.decimals))} ${esc(s.symbol)}`,
      code(s.toAddress),
      esc(s.requestedBy),
      `<strong>${esc(status)}</strong>${stuck ? ` <span class="flag">${esc(t.stuck)}</span>` : ''}${s.failureReason ? ` ${esc(s.failureReason)}` : ''}`,
      code(txHash),
    ];
  });
  const coldRows = cold.map((c) => {
    const v = coldAddressView(c);
    return [String(v.chainId), code(v.address), esc(v.addedBy), time(new Date(v.addedAt))];
  });
  const sourceRows = sources.map((s) => [String(s.chainId), code(s.address), esc(s.addedBy), time(s.createdAt), s.removedAt ? time(s.removedAt) : '']);
  const body = `<h1>${esc(t.treasuryHeading)}</h1>
<p>${esc(t.address)}: ${code(deps.config.BANKROLL_ADDRESS)}</p>
${table(t.treasuryCaption, [t.chain, t.token, t.balance, t.reserved, t.available], balances)}
${ceilings.length ? table(t.ceilingsCaption, [t.chain, t.ceiling, t.coldAddress], ceilings) : ''}
${table(t.sendsCaption, [t.created, t.chain, t.amount, t.to, t.requestedBy, t.status, t.txHash], sendRows, (i) => (shown[i]!.stuck ? 'stuck' : ''))}
${table(t.coldCaption, [t.chain, t.address, t.addedBy, t.created], coldRows)}
${table(t.sourcesCaption, [t.chain, t.address, t.addedBy, t.created, t.removed], sourceRows)}`;
  return { title: t.treasuryHeading, body };
}
