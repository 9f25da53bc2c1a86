import type { Request } from 'express';
import type { EndpointDeps } from '../api/endpoint';
import type { AdminPrincipal } from '../api/middleware/auth';
import { adminWithdrawalListQuery } from '../api/schemas/withdrawals';
import { valueOrNull } from '../adapters/deadline';
import { decodeCursor, encodeCursor } from '../domain/cursor';
import { retryDisposition, type HeadlessStatus } from '../domain/headless';
import { withdrawalWorkflowId } from '../domain/keys';
import { ADMIN_TARGETS, isLegalAdminMove } from '../domain/withdrawals';
import { auditPage } from '../store/admin-audit';
import { adminEmails } from '../store/admin-sessions';
import { allOperators } from '../store/operator-reads';
import type { Withdrawal } from '../store/rows';
import { stuckPayouts } from '../store/stuck-payouts';
import { payoutSigned, withdrawalById, withdrawalsPage, withdrawalStatusCounts } from '../store/withdrawal-lists';
import { temporalUiUrl } from '../temporal/client/ui-url';
import type { PanelCatalog } from './i18n/en';
import { actionButton, code, esc, format, table, time } from './render';

export interface Screen {
  title: string;
  body: string;
  status?: number;
}

const STATUSES = adminWithdrawalListQuery.shape.status.unwrap().options;
const MODES = ['A', 'B', 'C'] as const;

const acts = (admin: AdminPrincipal) => admin.role !== 'SUPPORT';
const fiat = (w: Withdrawal) => `${w.fiatAmount.toFixed(2)} ${esc(w.fiatCurrency)}`;

function select(name: string, label: string, anyLabel: string, options: Array<[string, string]>, chosen: string | undefined): string {
  const opts = options.map(([v, text]) => `<option value="${esc(v)}"${v === chosen ? ' selected' : ''}>${esc(text)}</option>`).join('');
  return `<div><label for="f-${name}">${esc(label)}</label><select id="f-${name}" name="${name}"><option value="">${esc(anyLabel)}</option>${opts}</select></div>`;
}

/**
 * The queue (GET /panel): counts per status, filters, and a page of withdrawals with PENDING first (they wait for an
 * admin) and stuck or FAILED rows marked. The page script re-reads this same page every few seconds and swaps the
 * #queue region, so new requests appear without a reload. A bad filter value is ignored, never an error page.
 */
export async function queueScreen(deps: EndpointDeps, t: PanelCatalog, req: Request): Promise<Screen> {
  const parsed = adminWithdrawalListQuery.safeParse(req.query);
  const q = parsed.success ? parsed.data : adminWithdrawalListQuery.parse({});
  const cursor = q.cursor ? safeCursor(q.cursor) : null;
  const stuckOnly = q.stuck === 'true' ? { id: { in: [...(await stuckPayouts(deps.db))] } } : {};
  const filter = { status: q.status, operatorId: q.operatorId, mode: q.mode, externalUserId: q.externalUserId, ...stuckOnly };
  const [rows, counts, operators] = await Promise.all([
    withdrawalsPage(deps.db, filter, cursor, q.limit + 1),
    withdrawalStatusCounts(deps.db),
    allOperators(deps.db),
  ]);
  const page = rows.slice(0, q.limit);
  const stuck = await stuckPayouts(deps.db, page.map((w) => w.id));
  // Stable: within PENDING and within the rest, newest first as read.
  const shown = [...page.filter((w) => w.status === 'PENDING'), ...page.filter((w) => w.status !== 'PENDING')];
  const names = new Map(operators.map((o) => [o.id, o.name]));

  const countLinks = STATUSES.filter((s) => counts.get(s))
    .map((s) => `<li><a href="/panel?status=${s}">${s}: ${counts.get(s)}</a></li>`)
    .join('');
  const filters = `<form class="card filters" method="get" action="/panel" aria-label="${esc(t.filters)}">
${select('status', t.status, t.any, STATUSES.map((s) => [s, s]), q.status)}
${select('mode', t.mode, t.any, MODES.map((m) => [m, m]), q.mode)}
${select('operatorId', t.operator, t.any, operators.map((o) => [o.id, o.name]), q.operatorId)}
<div><label for="f-user">${esc(t.user)}</label><input id="f-user" name="externalUserId" value="${esc(q.externalUserId ?? '')}"></div>
<label class="check"><input type="checkbox" name="stuck" value="true"${q.stuck === 'true' ? ' checked' : ''}> ${esc(t.stuckOnly)}</label>
<button type="submit" class="primary">${esc(t.apply)}</button> <a href="/panel">${esc(t.clear)}</a>
</form>`;

  const cells = shown.map((w) => [
    `<a href="/panel/withdrawals/${w.id}">${esc(w.externalUserId)}</a>`,
    `<strong>${w.status}</strong>`,
    w.mode,
    esc(names.get(w.operatorId) ?? w.operatorId),
    fiat(w),
    w.symbol ? `${esc(w.symbol)} · ${w.chainId}` : '',
    [stuck.has(w.id) ? `<span class="flag">${esc(t.stuck)}</span>` : '', w.status === 'FAILED' ? `<span class="flag">FAILED</span>` : ''].join(' '),
    time(w.createdAt),
  ]);
  const rowClass = (i: number) => (stuck.has(shown[i]!.id) ? 'stuck' : shown[i]!.status === 'FAILED' ? 'failed' : shown[i]!.status === 'PENDING' ? 'pending' : '');
  const next = rows.length > q.limit ? encodeCursor(page.at(-1)!) : null;
  const nextLink = next ? `<p><a href="/panel?${new URLSearchParams({ ...strip(req.query), cursor: next }).toString()}">${esc(t.nextPage)}</a></p>` : '';
  const body = `<h1>${esc(t.withdrawalsHeading)}</h1>
${filters}
<div id="queue" data-poll="true">
<ul class="counts" aria-label="${esc(t.countsLabel)}">${countLinks}</ul>
${table(t.queueCaption, [t.user, t.status, t.mode, t.operator, t.amount, t.asset, t.flags, t.created], cells, rowClass)}
${nextLink}
</div>`;
  return { title: t.withdrawalsHeading, body };
}

function safeCursor(text: string) {
  try {
    return decodeCursor(text);
  } catch {
    return null;
  }
}

/** The query's string values, for the next page's link. */
function strip(query: Request['query']): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'cursor'));
}

/** The payout's confirmations from a short read of its chain (null when it has none yet or the chain does not answer). */
async function confirmations(deps: EndpointDeps, w: Withdrawal): Promise<number | null> {
  const provider = w.settlementTxHash && w.chainId ? deps.chains.get(w.chainId) : null;
  if (!provider) return null;
  const read = Promise.all([provider.getBlockNumber(), provider.getTransactionReceipt(w.settlementTxHash!)]).then(([head, r]) => (r ? head - r.blockNumber + 1 : 0));
  return valueOrNull(read, deps.chains.readTimeoutMs);
}

/** GET /panel/withdrawals/:id: everything about one withdrawal, its admin history, and the moves the admin may make. */
export async function withdrawalScreen(deps: EndpointDeps, t: PanelCatalog, admin: AdminPrincipal, id: string | null): Promise<Screen> {
  const w = id ? await withdrawalById(deps.db, id) : null;
  if (!w) return { title: t.notFound, body: `<h1>${esc(t.notFound)}</h1>`, status: 404 };
  const [history, confs, stuck, signed, operators] = await Promise.all([
    auditPage(deps.db, { targetId: w.id }, null, 100),
    confirmations(deps, w),
    stuckPayouts(deps.db, [w.id]),
    payoutSigned(deps.db, w.id),
    allOperators(deps.db),
  ]);
  const who = await adminEmails(deps.db, [...new Set(history.map((h) => h.adminId))]);
  const workflowId = withdrawalWorkflowId(w);
  const row = (label: string, value: string) => (value ? `<dt>${esc(label)}</dt><dd>${value}</dd>` : '');
  const facts = [
    row(t.status, `<strong>${w.status}</strong>${stuck.has(w.id) ? ` <span class="flag">${esc(t.stuck)}</span>` : ''}`),
    row(t.mode, w.mode),
    row(t.operator, esc(operators.find((o) => o.id === w.operatorId)?.name ?? w.operatorId)),
    row(t.user, esc(w.externalUserId)),
    row(t.fiatAmount, fiat(w)),
    row(t.cryptoSent, w.cryptoAmountSent ? `${w.cryptoAmountSent.toFixed(8)} ${esc(w.symbol ?? '')}` : ''),
    row(t.chain, w.chainId ? String(w.chainId) : ''),
    row(t.destination, code(w.address)),
    row(t.txHash, w.settlementTxHash ? `${code(w.settlementTxHash)}${confs === null ? '' : ` (${esc(format(t.confirmations, { n: confs }))})`}` : ''),
    row(t.heldReason, esc(w.heldReason ?? '')),
    row(t.reasonCode, esc(w.reasonCode ?? '')),
    row(t.retryable, w.retryable === null ? '' : w.retryable ? t.yes : t.no),
    row(t.adminNote, w.adminNote ? `${esc(w.adminNote)}${w.adminNoteBy ? ` (${esc(w.adminNoteBy)})` : ''}` : ''),
    row(t.created, time(w.createdAt)),
    row(t.temporal, `<a href="${esc(temporalUiUrl(deps.config, workflowId))}" rel="noreferrer">${esc(t.temporalLink)}</a> ${code(workflowId)}`),
  ].join('\n');
  const historyTable = history.length
    ? table(t.history, [t.when, t.who, t.action, t.note], history.map((h) => [time(h.createdAt), esc(`${who.get(h.adminId) ?? h.adminId} (${h.role})`), h.action, esc(h.note ?? '')]))
    : `<h2>${esc(t.history)}</h2><p>${esc(t.historyEmpty)}</p>`;
  const body = `<h1>${esc(format(t.withdrawalHeading, { id: w.id }))}</h1>
<div class="card"><dl>
${facts}
</dl></div>
${acts(admin) ? actions(t, w, signed) : ''}
${historyTable}`;
  return { title: format(t.withdrawalHeading, { id: w.id.slice(0, 8) }), body };
}

/** The controls of an acting admin: Mode A moves with a note, or a headless retry, each behind a confirm step. */
function actions(t: PanelCatalog, w: Withdrawal, signed: boolean): string {
  if (w.mode === 'A') {
    const moves = ADMIN_TARGETS.filter((to) => isLegalAdminMove(w.status, to));
    if (!moves.length) return '';
    const buttons = moves.map((to) =>
      actionButton(format(t.moveTo, { status: to }), { method: 'PATCH', path: `/admin/withdrawals/${w.id}/status`, confirm: format(t.confirmMove, { status: to }), status: to }),
    );
    return `<section class="card" aria-labelledby="actions-h"><h2 id="actions-h">${esc(t.actions)}</h2>
<label for="note">${esc(t.noteLabel)}</label><textarea id="note" maxlength="2000"></textarea>
<div class="actions">${buttons.join(' ')}</div></section>`;
  }
  const hasTxHash = signed || w.settlementTxHash !== null;
  if (w.mode === 'C' && retryDisposition({ status: w.status as HeadlessStatus, retryable: w.retryable, hasTxHash }) === 'RETRY') {
    return `<section class="card" aria-labelledby="actions-h"><h2 id="actions-h">${esc(t.actions)}</h2>
<div class="actions">${actionButton(t.retry, { method: 'POST', path: `/admin/withdrawals/${w.id}/retry`, confirm: t.confirmRetry })}</div></section>`;
  }
  return '';
}
