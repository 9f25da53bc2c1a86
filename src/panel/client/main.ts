/// <reference lib="dom" />
import { format } from '../../widget/i18n/format';
import type { PanelCatalog } from '../i18n/en';

/**
 * The panel's page script: the login form, logout, the queue's refresh, and every action button (a confirm step,
 * then the admin API with the session's cookie and CSRF token).
 */
const { t } = JSON.parse(document.getElementById('panel-data')!.textContent!) as { t: PanelCatalog };
const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
const message = document.getElementById('message')!;
const POLL_MS = 3000;

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function refusal(res: Response): Promise<{ code?: string; text: string }> {
  const json = (await res.json().catch(() => ({}))) as { errorCode?: string; message?: string };
  return { code: json.errorCode, text: json.message ?? `HTTP ${res.status}` };
}

function startLogin(form: HTMLFormElement): void {
  const otpField = document.getElementById('otp-field')!;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const value = (id: string) => (document.getElementById(id) as HTMLInputElement).value;
    const body = { email: value('email'), password: value('password'), ...(otpField.hidden ? {} : { otp: value('otp') }) };
    void send('POST', '/panel/login', body).then(async (res) => {
      if (res.ok) return location.reload();
      const { code, text } = await refusal(res);
      if (code === 'OTP_REQUIRED') {
        otpField.hidden = false;
        message.textContent = t.otpNeeded;
        (document.getElementById('otp') as HTMLInputElement).focus();
      } else message.textContent = code === 'UNAUTHORIZED' ? t.loginFailed : code === 'RATE_LIMITED' ? t.rateLimited : format(t.failed, { message: text });
    });
  });
}

/** Re-reads this page and swaps its #queue region: new requests appear without a reload (and without losing focus in the filters). */
function pollQueue(region: HTMLElement): void {
  setInterval(() => {
    void fetch(location.href, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.text() : null))
      .then((html) => {
        const fresh = html && new DOMParser().parseFromString(html, 'text/html').getElementById('queue');
        if (fresh && fresh.innerHTML !== region.innerHTML) region.innerHTML = fresh.innerHTML;
      })
      .catch(() => undefined);
  }, POLL_MS);
}

/** An action button: its confirm step, then the call; the page reloads to show the result, or says why not. */
function startActions(): void {
  const box = document.getElementById('confirm')!;
  const text = document.getElementById('confirm-text')!;
  let pending: HTMLButtonElement | null = null;
  document.addEventListener('click', (e) => {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button.action');
    if (!button) return;
    pending = button;
    message.textContent = '';
    text.textContent = button.dataset.confirm ?? '';
    box.hidden = false;
    document.getElementById('confirm-yes')!.focus();
  });
  document.getElementById('confirm-no')!.addEventListener('click', () => {
    box.hidden = true;
    pending?.focus();
    pending = null;
  });
  document.getElementById('confirm-yes')!.addEventListener('click', () => {
    const b = pending;
    if (!b) return;
    box.hidden = true;
    const note = (document.getElementById('note') as HTMLTextAreaElement | null)?.value.trim();
    const body = b.dataset.status ? { status: b.dataset.status, ...(note ? { adminNote: note } : {}) } : undefined;
    void send(b.dataset.method!, b.dataset.path!, body).then(async (res) => {
      if (res.ok) return location.reload();
      message.textContent = format(t.failed, { message: (await refusal(res)).text });
    });
  });
}

const login = document.getElementById('login');
if (login) startLogin(login as HTMLFormElement);
document.getElementById('logout')?.addEventListener('click', () => {
  void send('POST', '/admin/logout').then(() => location.assign('/panel'));
});
const queue = document.getElementById('queue');
if (queue) pollQueue(queue);
startActions();
