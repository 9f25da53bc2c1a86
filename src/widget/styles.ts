/** The widget's one stylesheet, served from /widget/app.css (CSP style-src 'self': no inline styles). */
export const WIDGET_CSS = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --fg: #1b1d21; --muted: #555b66; --line: #c9ced6;
  --accent: #0b57d0; --accent-fg: #fff; --ok: #0a6b2f; --warn-bg: #fff4d6; --warn-fg: #5c4200; --bad: #a1141c; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #101216; --card: #1a1d23; --fg: #eceef2; --muted: #aab1bd; --line: #3a404b;
    --accent: #8ab4f8; --accent-fg: #0b1020; --ok: #7ddc9a; --warn-bg: #3a2f0c; --warn-fg: #ffe08a; --bad: #ff9a9f; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 34rem; margin: 0 auto; padding: 1rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 1.25rem; }
h1 { font-size: 1.5rem; margin: 0 0 .75rem; }
h2 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
.amount { font-size: 1.75rem; font-weight: 700; margin: 0; }
.muted { color: var(--muted); margin: .25rem 0; }
.options { display: flex; flex-wrap: wrap; gap: .5rem; }
button { font: inherit; min-height: 44px; padding: .5rem 1rem; border-radius: 8px; border: 1px solid var(--line);
  background: var(--card); color: var(--fg); cursor: pointer; }
button[aria-pressed="true"] { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); width: 100%; margin-top: 1.25rem; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.address { display: block; word-break: break-all; font: 0.95rem/1.4 ui-monospace, Menlo, Consolas, monospace;
  padding: .5rem; border: 1px solid var(--line); border-radius: 8px; margin: .5rem 0; }
.qr { display: block; width: 200px; height: 200px; margin: .5rem auto; background: #fff; padding: 8px; border-radius: 8px; }
.warning { background: var(--warn-bg); color: var(--warn-fg); padding: .75rem; border-radius: 8px; }
.status { font-weight: 600; }
.deposits { list-style: none; padding: 0; margin: .5rem 0 0; }
.deposits li { border-top: 1px solid var(--line); padding: .5rem 0; word-break: break-all; }
.ok { color: var(--ok); }
.error { color: var(--bad); }
/* Space kept for the message, so the Continue button does not move under a click when the message clears on blur. */
#address-error { min-height: 1.5em; }
[hidden] { display: none !important; }
`;
