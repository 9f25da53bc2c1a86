import { operatorView } from '../../provisioning/operators';
import { allOperators } from '../../store/operator-reads';
import { adminToken } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { json } from '../openapi/operation';
import { z } from '../openapi/zod';
import { operatorView as operatorViewSchema } from '../schemas/admin-responses';

/** GET /admin/operators: the panel's operator list (raw array, no secrets). Any admin role may read it. */
export const adminOperatorEndpoints = [
  endpoint({
    operationId: 'listOperators',
    method: 'get',
    path: '/admin/operators',
    tag: 'Admin',
    auth: adminToken(),
    summary: 'Operators (no secrets)',
    description:
      'The operators with their settings for the management panel; no key or webhook secret is ever returned.',
    responses: { 200: json('Operators', z.array(operatorViewSchema)) },
    handler: async ({ deps: { db }, res }) => {
      res.json((await allOperators(db)).map(operatorView));
    },
  }),
];
