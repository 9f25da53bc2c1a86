/// <reference lib="dom" />
import type { PageData } from './types';

/** True inside an iframe: the page then talks to its host by postMessage instead of navigating. */
export const embedded = window.parent !== window;

/**
 * CONTRACT §8: `{ type: "gateway.widget", event, sid, status }` to the parent, once per allowed origin. The browser
 * delivers each copy only if the parent really is that origin, so no other host ever reads the sid.
 */
export function notifyParent(data: PageData, event: 'loaded' | 'status' | 'close', status: string): void {
  if (!embedded) return;
  for (const origin of data.frameOrigins) window.parent.postMessage({ type: 'gateway.widget', event, sid: data.sid, status }, origin);
}

/** Sends a `status` message when the status differs from the last one sent. */
export function statusNotifier(data: PageData): (status: string) => void {
  let last: string | null = null;
  return (status) => {
    if (status === last) return;
    last = status;
    notifyParent(data, 'status', status);
  };
}
