import { Router } from 'express';
import { operatorView } from '../../provisioning/operators';
import type { ApiDeps } from '../deps';

/** GET /admin/operators: the panel's operator list (raw array, no secrets). Any admin role may read it. */
export function adminOperatorRoutes({ db }: ApiDeps): Router {
  const router = Router();
  router.get('/admin/operators', async (_req, res) => {
    const operators = await db.operator.findMany({ orderBy: { createdAt: 'asc' } });
    res.json(operators.map(operatorView));
  });
  return router;
}
