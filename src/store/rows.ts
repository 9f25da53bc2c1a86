/**
 * The stored rows' shapes that the API maps to its answers. Routes read rows through store functions and import their
 * types from here, so nothing above src/store names the Prisma client.
 */
export type { Admin, AdminRole, Deposit, Operator, Session, SessionType, Withdrawal } from '../generated/prisma/client';
export type { Decimal as StoredDecimal } from '../generated/prisma/internal/prismaNamespace';
