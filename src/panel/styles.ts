/** The panel's one stylesheet, served from /panel/app.css (CSP style-src 'self': no inline styles); the widget's palette. */
export const PANEL_CSS = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --fg: #1b1d21; --muted: #555b66; --line: #c9ced6;
  --accent: #0b57d0; --accent-fg: #fff; --bad: #a1141c; --bad-bg: #fde8e9; --warn-bg: #fff4d6; --warn-fg: #5c4200; --pending-bg: #e6efff; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #101216; --card: #1a1d23; --fg: #eceef2; --muted: #aab1bd; --line: #3a404b;
    --accent: #8ab4f8; --accent-fg: #0b1020; --bad: #ff9a9f; --bad-bg: #3b1518; --warn-bg: #3a2f0c; --warn-fg: #ffe08a; --pending-bg: #16233d; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--accent); }
.top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .5rem 1rem; background: var(--card); border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; margin: 0; }
.top ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
.top a[aria-current="page"] { font-weight: 700; color: var(--fg); }
.who { margin: 0 0 0 auto; color: var(--muted); }
main { max-width: 80rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.4rem; margin: 0 0 .75rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 .5rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1rem; margin: 0 0 1rem; }
.login { max-width: 24rem; margin: 3rem auto; }
label { display: block; font-weight: 600; margin: .5rem 0 .25rem; }
input, select, textarea { font: inherit; color: var(--fg); background: var(--card); border: 1px solid var(--muted); border-radius: 6px; padding: .4rem .5rem; min-height: 40px; max-width: 100%; }
.login input { width: 100%; }
textarea { width: 100%; min-height: 4rem; }
.hint { color: var(--muted); margin: .25rem 0; font-size: .9rem; }
button { font: inherit; min-height: 40px; padding: .4rem .9rem; border-radius: 6px; border: 1px solid var(--line); background: var(--card); color: var(--fg); cursor: pointer; }
button.primary { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
.login button.primary { width: 100%; margin-top: 1rem; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.filters { display: flex; flex-wrap: wrap; align-items: flex-end; gap: .5rem 1rem; }
.filters label { margin: 0 0 .25rem; }
.filters .check { display: flex; align-items: center; gap: .4rem; min-height: 40px; font-weight: 600; }
.filters .check input { min-height: auto; }
.counts { display: flex; flex-wrap: wrap; gap: .5rem; list-style: none; padding: 0; margin: 0 0 1rem; }
.counts a { display: inline-block; padding: .2rem .6rem; border: 1px solid var(--line); border-radius: 999px; background: var(--card); text-decoration: none; }
.scroll { overflow-x: auto; background: var(--card); border: 1px solid var(--line); border-radius: 10px; margin: 0 0 1rem; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; padding: .5rem .75rem; color: var(--muted); }
th, td { text-align: left; padding: .45rem .75rem; border-top: 1px solid var(--line); vertical-align: top; }
code { overflow-wrap: anywhere; }
tr.pending { background: var(--pending-bg); }
tr.failed, tr.stuck { background: var(--bad-bg); }
.flag { font-weight: 700; color: var(--bad); }
dl { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: .35rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; word-break: break-all; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .75rem; }
.confirm { position: fixed; left: 50%; bottom: 1rem; transform: translateX(-50%); width: min(28rem, calc(100% - 2rem)); background: var(--card);
  border: 2px solid var(--accent); border-radius: 10px; padding: 1rem; box-shadow: 0 6px 24px rgba(0, 0, 0, .3); }
.confirm p { margin-top: 0; font-weight: 600; }
.note { background: var(--warn-bg); color: var(--warn-fg); padding: .5rem .75rem; border-radius: 6px; }
.error { color: var(--bad); }
@media (max-width: 40rem) {
  /* A table as a card per row, each cell under its column's name: no sideways scroll on a phone. */
  .scroll table, .scroll caption, .scroll tbody, .scroll tr, .scroll td { display: block; }
  .scroll thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .scroll tbody tr { border-top: 1px solid var(--line); padding: .35rem 0; }
  .scroll td { border: 0; padding: .15rem .75rem; overflow-wrap: anywhere; }
  .scroll td::before { content: attr(data-label); display: block; font-size: .8rem; font-weight: 600; color: var(--muted); }
  .scroll td:empty { display: none; }
}
#message { max-width: 80rem; margin: 0 auto; padding: 0 1rem; min-height: 1.5em; }
[hidden] { display: none !important; }
`;
