import type { Db } from '../adapters/db';
import { encryptSecret, generateApiKey, generateWebhookSecret } from '../domain/credentials';
import { OPERATOR_TREE_LOCK } from '../domain/keys';
import { MAX_OPERATOR_DEPTH, parentChangeProblem } from '../domain/operator-tree';
import { RegistryInputError } from '../domain/registry-input';
import { Prisma, type Operator } from '../generated/prisma/client';
import { lockKey } from '../store/advisory-locks';

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

type Tx = Prisma.TransactionClient;

/**
 * Refuses a parent that is missing, or under which `id` (with its own sub-operators) would close a cycle or pass the
 * depth bound (src/domain/operator-tree.ts). Runs under the tree's lock, so two crossing changes cannot both pass.
 */
async function assertParentAllowed(tx: Tx, id: string | null, parentId: string | null | undefined): Promise<void> {
  if (!parentId) return;
  await lockKey(tx, OPERATOR_TREE_LOCK);
  if (!(await tx.operator.findUnique({ where: { id: parentId }, select: { id: true } }))) throw new RegistryInputError(`parent operator ${parentId} does not exist`);
  // The parent and its ancestors, nearest first; bounded, so a walk never loops on a cycle stored before this check.
  const chain: string[] = [];
  for (let at: string | null = parentId; at && chain.length <= MAX_OPERATOR_DEPTH && !chain.includes(id ?? ''); ) {
    chain.push(at);
    at = (await tx.operator.findUnique({ where: { id: at }, select: { parentId: true } }))?.parentId ?? null;
  }
  let levels = 1;
  for (let level = id ? [id] : []; levels <= MAX_OPERATOR_DEPTH; levels++) {
    level = (await tx.operator.findMany({ where: { parentId: { in: level } }, select: { id: true } })).map((o) => o.id);
    if (level.length === 0) break;
  }
  const problem = parentChangeProblem(id, chain, levels);
  if (problem) throw new RegistryInputError(problem);
}

/** Creates an operator; the key and secret are returned once and stored only hashed / encrypted. */
export async function createOperator(db: Db, secretsKey: string, s: OperatorSettings & { name: string }) {
  const key = generateApiKey();
  const webhookSecret = generateWebhookSecret();
  const operator = await db.$transaction(async (tx) => {
    await assertParentAllowed(tx, null, s.parentId);
    return tx.operator.create({
      data: {
        ...toData(s),
        name: s.name,
        apiKeyId: key.keyId,
        apiKeyHash: key.keyHash,
        webhookSecretEnc: encryptSecret(webhookSecret, secretsKey),
      },
    });
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
  const key = rotate.key ? generateApiKey() : null;
  const webhookSecret = rotate.webhookSecret ? generateWebhookSecret() : null;
  const operator = await db.$transaction(async (tx) => {
    await assertParentAllowed(tx, id, s.parentId);
    return tx.operator.update({
      where: { id },
      data: {
        ...toData(s),
        ...(key ? { apiKeyId: key.keyId, apiKeyHash: key.keyHash } : {}),
        ...(webhookSecret ? { webhookSecretEnc: encryptSecret(webhookSecret, secretsKey) } : {}),
      },
    });
  });
  return {
    ...operatorView(operator),
    ...(key ? { apiKey: key.apiKey } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
  };
}
