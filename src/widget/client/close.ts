/// <reference lib="dom" />
import { el } from './dom';
import { embedded, notifyParent } from './embed';
import { returnUrl, type CloseStatus } from './return-url';
import type { PageData } from './types';

/** Close: in an iframe, tell the host; in a full page, back to the operator; else (or then) a final screen. */
export function closeWidget(data: PageData, status: CloseStatus): void {
  notifyParent(data, 'close', status);
  if (data.redirectUrl && !embedded) {
    window.location.assign(returnUrl(data.redirectUrl, status));
    return;
  }
  const card = document.querySelector('.card')!;
  const heading = el('h1', data.t.finished);
  heading.tabIndex = -1;
  card.replaceChildren(heading);
  heading.focus();
}
