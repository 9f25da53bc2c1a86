import type { Catalog } from './i18n';

/** Escapes text for HTML element content and double-quoted attributes. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON for a `<script type="application/json">` block: `<` escaped so no string can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface PageParts {
  lang: string;
  title: string;
  body: string;
  nonce: string;
  /** Data for the page script; without it the page has no script at all. */
  data?: unknown;
}

/** The one page layout: the stylesheet and script come from the gateway itself, the script only by nonce. */
export function page({ lang, title, body, nonce, data }: PageParts): string {
  const script =
    data === undefined
      ? ''
      : `<script type="application/json" id="widget-data">${jsonForScript(data)}</script>\n<script nonce="${esc(nonce)}" src="/widget/app.js"></script>`;
  return `<!doctype html>
<html lang="${esc(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<link rel="stylesheet" href="/widget/app.css">
</head>
<body>
<main>
<div class="card">
${body}
</div>
</main>
${script}
</body>
</html>`;
}

/** An unknown, expired, cancelled or finished session: a plain page in the session's language, never JSON. */
export function errorPage(t: Catalog, lang: string, nonce: string, message: string): string {
  return page({ lang, nonce, title: t.pageTitleError, body: `<h1>${esc(t.pageTitleError)}</h1>\n<p role="alert">${esc(message)}</p>` });
}

/** An amount in the session's fiat, in its language's conventions (Intl, from the decimal string: never a float sum). */
export function formatFiat(lang: string, currency: string, amount: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount as unknown as number);
  } catch {
    return `${amount} ${currency}`;
  }
}
