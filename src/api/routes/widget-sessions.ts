import { FIAT_DECIMALS, toFixed } from '../../domain/money';
import { sessionStatus } from '../../domain/sessions';
import { latestWithdrawalOfSession } from '../../store/session-reads';
import { sidCredential } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { sendEnvelope } from '../envelope';
import { currentSession, type SessionWithOperator } from '../middleware/sid-auth';
import { json } from '../openapi/operation';
import { envelope, sessionInfo } from '../schemas/responses';
import { sidBody } from '../schemas/widget';

/**
 * CONTRACT §6: the stored value byte for byte, else the operator's panel address, else null. Withdraw sessions
 * never carry their own (redirectUrl is a deposit field, spec 2.2), so they always use the panel address.
 */
export function effectiveRedirectUrl(session: SessionWithOperator): string | null {
  const own = session.type === 'DEPOSIT' ? session.redirectUrl : null;
  return own ?? session.operator.returnUrl ?? null;
}

/** POST /session/info (widget-called): read-only, so closed sessions answer too: the widget shows their final state. */
export const sessionInfoEndpoint = endpoint({
  operationId: 'getSessionInfo',
  method: 'post',
  path: '/session/info',
  tag: 'Widget (sid)',
  auth: sidCredential({ allowClosed: true }),
  summary: "A session's state (closed sessions answer too)",
  description:
    "The widget's view of its session: type, status, amount, currency, language and return URL. An expired or closed session still answers, so the widget can show how it ended.",
  body: sidBody,
  responses: { 200: json('The session', envelope(sessionInfo)) },
  handler: async ({ deps: { db }, res }) => {
    const session = currentSession(res);
    // The latest request (a Mode B resubmission supersedes the earlier one), so the page and the operator agree.
    const latest = await latestWithdrawalOfSession(db, session.id);
    sendEnvelope(res, 200, 'Session info', {
      type: session.type === 'DEPOSIT' ? 'deposit' : 'withdraw',
      status: sessionStatus(session.status, session.expiresAt, new Date()),
      externalUserId: session.externalUserId,
      amount: toFixed(session.amount.toString(), FIAT_DECIMALS),
      platformFiatCurrency: session.platformFiatCurrency,
      lang: session.lang,
      redirectUrl: effectiveRedirectUrl(session),
      expiresAt: session.expiresAt.toISOString(),
      withdrawal: latest ? { withdrawRequestId: latest.id, withdrawStatus: latest.status } : null,
    });
  },
});
