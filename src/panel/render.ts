import type { AdminPrincipal } from '../api/middleware/auth';
import { format } from '../widget/i18n/format';
import { esc, jsonForScript } from '../widget/render';
import type { PanelCatalog } from './i18n/en';

export { esc, format };

export interface PanelPage {
  t: PanelCatalog;
  title: string;
  body: string;
  nonce: string;
  /** The signed-in admin (null: the login page) and the CSRF token its page's script sends with every change. */
  admin: AdminPrincipal | null;
  csrf?: string;
  /** The nav entry to mark current. */
  current?: string;
}

const NAV = [
  ['/panel', 'navWithdrawals'],
  ['/panel/deposits', 'navDeposits'],
  ['/panel/webhooks', 'navWebhooks'],
  ['/panel/operators', 'navOperators'],
  ['/panel/treasury', 'navTreasury'],
] as const;

function header(t: PanelCatalog, admin: AdminPrincipal, current: string | undefined): string {
  const links = NAV.map(([href, key]) => `<li><a href="${href}"${href === current ? ' aria-current="page"' : ''}>${esc(t[key])}</a></li>`).join('');
  return `<header class="top">
<p class="brand">${esc(t.title)}</p>
<nav aria-label="${esc(t.navLabel)}"><ul>${links}</ul></nav>
<p class="who">${esc(format(t.signedInAs, { email: admin.email, role: admin.role }))} <button type="button" id="logout">${esc(t.logout)}</button></p>
</header>`;
}

/** The panel's one layout: styles and script from the gateway itself, the script only by nonce. */
export function panelPage({ t, title, body, nonce, admin, csrf, current }: PanelPage): string {
  const readOnly = admin?.role === 'SUPPORT' ? `<p class="note">${esc(t.readOnly)}</p>\n` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${csrf ? `<meta name="csrf-token" content="${esc(csrf)}">\n` : ''}<title>${esc(title)} · ${esc(t.title)}</title>
<link rel="stylesheet" href="/panel/app.css">
</head>
<body>
${admin ? header(t, admin, current) : ''}
<main>
${readOnly}${body}
</main>
<div id="confirm" class="confirm" role="alertdialog" aria-modal="false" aria-labelledby="confirm-text" hidden>
<p id="confirm-text"></p>
<button type="button" id="confirm-yes" class="primary">${esc(t.confirm)}</button> <button type="button" id="confirm-no">${esc(t.cancel)}</button>
</div>
<p id="message" role="alert" class="error"></p>
<script type="application/json" id="panel-data">${jsonForScript({ t })}</script>
<script nonce="${esc(nonce)}" src="/panel/app.js"></script>
</body>
</html>`;
}

/** A table with a caption; `rows` are already-escaped cells. */
export function table(caption: string, headings: string[], rows: string[][], rowClass: (i: number) => string = () => ''): string {
  const head = headings.map((h) => `<th scope="col" role="columnheader">${esc(h)}</th>`).join('');
  // data-label: on a narrow screen each row is a card and each cell names its column (styles.ts); the explicit roles
  // keep the table a table to screen readers when its parts are displayed as blocks.
  const cell = (c: string, i: number) => `<td role="cell" data-label="${esc(headings[i] ?? '')}">${c}</td>`;
  const body = rows.map((cells, i) => `<tr role="row"${rowClass(i) ? ` class="${rowClass(i)}"` : ''}>${cells.map(cell).join('')}</tr>`).join('\n');
  // Focusable and named: a table wider than its screen scrolls by keyboard too.
  return `<div class="scroll" tabindex="0" role="region" aria-label="${esc(caption)}"><table role="table">
<caption>${esc(caption)}</caption>
<thead role="rowgroup"><tr role="row">${head}</tr></thead>
<tbody role="rowgroup">
${body}
</tbody>
</table></div>`;
}

/** A button the page script sends to the admin API after a confirm step (`data-*` say what and where). */
export function actionButton(label: string, attrs: { method: string; path: string; confirm: string; status?: string }): string {
  const status = attrs.status ? ` data-status="${esc(attrs.status)}"` : '';
  return `<button type="button" class="action" data-method="${esc(attrs.method)}" data-path="${esc(attrs.path)}" data-confirm="${esc(attrs.confirm)}"${status}>${esc(label)}</button>`;
}

export const code = (v: string | null | undefined) => (v ? `<code>${esc(v)}</code>` : '');
export const time = (d: Date) => `<time datetime="${d.toISOString()}">${esc(d.toISOString().replace('T', ' ').slice(0, 19))}</time>`;
