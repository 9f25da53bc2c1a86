/// <reference lib="dom" />
import { format } from '../i18n/format';
import { byId } from './dom';
import type { PageData } from './types';

/** mm:ss (or h:mm:ss) left until the session's expiry; the server's clock decides, this is only a display. */
export function startCountdown(data: PageData, template: string, onExpired: () => void): void {
  const out = byId('countdown');
  const end = Date.parse(data.expiresAt);
  const tick = () => {
    const left = Math.max(0, Math.floor((end - Date.now()) / 1000));
    const two = (n: number) => String(n).padStart(2, '0');
    const h = Math.floor(left / 3600);
    const time = `${h > 0 ? `${h}:` : ''}${two(Math.floor((left % 3600) / 60))}:${two(left % 60)}`;
    out.textContent = format(template, { time });
    if (left === 0) {
      clearInterval(timer);
      onExpired();
    }
  };
  const timer = setInterval(tick, 1000);
  tick();
}
