import { Router } from 'express';
import { FIAT_DECIMALS, toFixed } from '../../domain/money';
import { sessionStatus } from '../../domain/sessions';
import type { ApiDeps } from '../deps';
import { sendEnvelope } from '../envelope';
import { currentSession, sidAuth, type SessionWithOperator } from '../middleware/sid-auth';

/**
 * CONTRACT §6: the stored value byte for byte, else the operator's panel address, else null. Withdraw sessions
 * never carry their own (redirectUrl is a deposit field, spec 2.2), so they always use the panel address.
 */
export function effectiveRedirectUrl(session: SessionWithOperator): string | null {
  const own = session.type === 'DEPOSIT' ? session.redirectUrl : null;
  return own ?? session.operator.returnUrl ?? null;
}

/** Widget-called session endpoints: the sid in the body is the credential (no operator key). */
export function widgetSessionRoutes({ db }: ApiDeps): Router {
  const router = Router();

  // Read-only, so closed sessions answer too: the widget shows their final state.
  router.post('/session/info', sidAuth(db, { allowClosed: true }), async (_req, res) => {
    const session = currentSession(res);
    // The latest request (a Mode B resubmission supersedes the earlier one), so the page and the operator agree.
    const latest = await db.withdrawal.findFirst({
      where: { sessionId: session.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true, status: true },
    });
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
  });

  return router;
}
