import type { Db } from '../adapters/db';
import { encryptSecret, generateApiKey, generateWebhookSecret } from '../domain/credentials';
import { Prisma, type Operator } from '../generated/prisma/client';

/** Settings the service team sets (CONTRACT §2); every field optional on update. */
export interface OperatorSettings {
  name?: string;
  parentId?: string | null;
  webhookUrl?: string | null;
  platformFiatDefault?: string | null;
  approvalMode?: 'SYNC' | 'EXTERNAL';
  autoRelease?: boolean;
  headlessEnabled?: boolean;
  withdrawApprovalMaxAmount?: string | null;
  withdrawApprovalDailyMaxAmount?: string | null;
  minAmount?: string | null;
  maxSessionAmount?: string | null;
  returnUrl?: string | null;
  /** Origins (scheme://host[:port]) allowed to frame the widget; an update replaces the list. */
  frameOrigins?: string[];
  status?: 'ACTIVE' | 'INACTIVE';
}

/** The operator as admins and the CLI see it: never the key hash or the secret. */
export function operatorView(o: Operator) {
  return {
    id: o.id,
    name: o.name,
    parentId: o.parentId,
    status: o.status,
    webhookUrl: o.webhookUrl,
    hasWebhookSecret: o.webhookSecretEnc !== null,
    platformFiatDefault: o.platformFiatDefault,
    openingBalanceCurrency: o.openingBalanceCurrency,
    approvalMode: o.approvalMode,
    autoRelease: o.autoRelease,
    headlessEnabled: o.headlessEnabled,
    withdrawApprovalMaxAmount: o.withdrawApprovalMaxAmount?.toFixed(2) ?? null,
    withdrawApprovalDailyMaxAmount: o.withdrawApprovalDailyMaxAmount?.toFixed(2) ?? null,
    minAmount: o.minAmount?.toFixed(2) ?? null,
    maxSessionAmount: o.maxSessionAmount?.toFixed(2) ?? null,
    returnUrl: o.returnUrl,
    frameOrigins: o.frameOrigins,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

function toData(s: OperatorSettings) {
  const dec = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Prisma.Decimal(v));
  return {
    name: s.name,
    parentId: s.parentId,
    webhookUrl: s.webhookUrl,
    platformFiatDefault: s.platformFiatDefault,
    approvalMode: s.approvalMode,
    autoRelease: s.autoRelease,
    headlessEnabled: s.headlessEnabled,
    withdrawApprovalMaxAmount: dec(s.withdrawApprovalMaxAmount),
    withdrawApprovalDailyMaxAmount: dec(s.withdrawApprovalDailyMaxAmount),
    minAmount: dec(s.minAmount),
    maxSessionAmount: dec(s.maxSessionAmount),
    returnUrl: s.returnUrl,
    frameOrigins: s.frameOrigins,
    status: s.status,
  };
}

async function assertParentExists(db: Db, parentId: string | null | undefined): Promise<void> {
  if (!parentId) return;
  const parent = await db.operator.findUnique({ where: { id: parentId } });
  if (!parent) throw new Error(`parent operator ${parentId} does not exist`);
}

/** Creates an operator; the key and secret are returned once and stored only hashed / encrypted. */
export async function createOperator(db: Db, secretsKey: string, s: OperatorSettings & { name: string }) {
  await assertParentExists(db, s.parentId);
  const key = generateApiKey();
  const webhookSecret = generateWebhookSecret();
  const operator = await db.operator.create({
    data: {
      ...toData(s),
      name: s.name,
      apiKeyId: key.keyId,
      apiKeyHash: key.keyHash,
      webhookSecretEnc: encryptSecret(webhookSecret, secretsKey),
    },
  });
  return { id: operator.id, apiKey: key.apiKey, webhookSecret };
}

export async function updateOperator(
  db: Db,
  secretsKey: string,
  id: string,
  s: OperatorSettings,
  rotate: { key?: boolean; webhookSecret?: boolean } = {},
) {
  if (s.parentId === id) throw new Error('an operator cannot be its own parent');
  await assertParentExists(db, s.parentId);
  const key = rotate.key ? generateApiKey() : null;
  const webhookSecret = rotate.webhookSecret ? generateWebhookSecret() : null;
  const operator = await db.operator.update({
    where: { id },
    data: {
      ...toData(s),
      ...(key ? { apiKeyId: key.keyId, apiKeyHash: key.keyHash } : {}),
      ...(webhookSecret ? { webhookSecretEnc: encryptSecret(webhookSecret, secretsKey) } : {}),
    },
  });
  return {
    ...operatorView(operator),
    ...(key ? { apiKey: key.apiKey } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
  };
}
