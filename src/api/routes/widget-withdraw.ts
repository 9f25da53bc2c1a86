import { Router } from 'express';
import { submitDirectTransfer } from '../../use-cases/submit-direct-transfer';
import type { ApiDeps } from '../deps';
import { sendEnvelope } from '../envelope';
import { currentSession, sidAuth } from '../middleware/sid-auth';
import { validateBody, validatedBody } from '../middleware/validate';
import { directTransferSchema } from '../schemas/withdrawals';

/** POST /withdraw/direct-transfer (sid): the steps are the use case's (src/use-cases/submit-direct-transfer.ts). */
export function widgetWithdrawRoutes(deps: ApiDeps): Router {
  const router = Router();
  router.post('/withdraw/direct-transfer', sidAuth(deps.db), validateBody(directTransferSchema), async (_req, res) => {
    const result = await submitDirectTransfer(deps, currentSession(res), validatedBody(res, directTransferSchema));
    sendEnvelope(res, 201, 'Withdrawal requested', result);
  });
  return router;
}
