import type { GasRefusal } from './gas';
import type { ErrorCode } from './errors';

/** Spec 6.2: the operator's WITHDRAW_REQUEST deny codes and what the user sees. */
const DENY_CODES: Record<number, ErrorCode> = {
  1: 'WITHDRAW_DECLINED',
  2: 'INSUFFICIENT_BALANCE',
  3: 'WITHDRAW_UNAVAILABLE',
  4: 'USER_NOT_ELIGIBLE',
  5: 'DAILY_LIMIT_EXCEEDED',
  6: 'WITHDRAW_AMOUNT_TOO_LOW',
  7: 'WITHDRAW_AMOUNT_TOO_HIGH',
  8: 'ACCOUNT_VERIFICATION_REQUIRED',
  9: 'WITHDRAW_SUSPENDED',
};

/** A non-zero answer: codes 1-9 map to theirs; any other shows the operator's description (CONTRACT §6). */
export function denial(code: number, description: string | null): { errorCode: ErrorCode; message: string } {
  const errorCode = DENY_CODES[code];
  if (errorCode) return { errorCode, message: description || `The operator declined the withdrawal (${errorCode})` };
  return { errorCode: 'WITHDRAW_DECLINED', message: description || 'The operator declined the withdrawal' };
}

export { ADMIN_TARGETS, adminMayMove, isLegalAdminMove, LIVE_WIDGET_STATUSES, TERMINAL, type AdminTarget } from './withdrawal-machine';

export type HeldReason = 'CAP_EXCEEDED' | 'APPROVAL_NOT_ENABLED' | 'OPERATOR_INACTIVE' | 'EXPIRED' | 'TEMPORARILY_UNAVAILABLE' | GasRefusal;
