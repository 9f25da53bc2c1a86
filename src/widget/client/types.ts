// Type-only imports: erased from the page's bundle, so the page and the server share one definition of each answer.
import type { Catalog } from '../i18n/en';
import type { DepositView } from '../status';
import type { PayoutOption } from '../withdraw-page';

export type { DepositView, PayoutOption };

/** The page's data block (src/widget/endpoints.ts `pageData`). */
export interface PageData {
  kind: 'deposit' | 'withdraw';
  sid: string;
  lang: string;
  t: Catalog;
  fiat: string;
  amount: string;
  expiresAt: string;
  redirectUrl: string | null;
  frameOrigins: string[];
}

export interface DepositPageData extends PageData {
  networks: { chainId: number; name: string; tokens: { symbol: string; displaySymbol: string; name: string; decimals: number }[] }[];
}

/** `POST /widget/status` (src/widget/status.ts). */
export interface LiveStatus {
  status: 'OPEN' | 'COMPLETED' | 'EXPIRED' | 'CANCELLED';
  expiresAt: string;
  deposits: DepositView[];
}

/** `POST /widget/status` for a withdraw session (src/widget/status.ts). */
export interface WithdrawLive {
  status: 'OPEN' | 'COMPLETED' | 'EXPIRED' | 'CANCELLED';
  expiresAt: string;
  withdrawal: { withdrawRequestId: string; withdrawStatus: string; symbol: string; amount: string | null; txHash: string | null } | null;
}

export interface WithdrawPageData extends PageData {
  options: PayoutOption[];
  live: WithdrawLive;
}
