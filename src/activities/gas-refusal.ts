import { ApplicationFailure } from '@temporalio/activity';
import type { GasRefusal } from '../domain/gas';

/** A transfer its gas estimate holds (domain/gas): retryable, re-tried after `retryMs`, its type the reason. */
export const gasRefused = (reason: GasRefusal, message: string, retryMs: number) =>
  ApplicationFailure.create({ type: reason, message: `${message}: ${reason}`, nextRetryDelay: retryMs });

/** The reason, when a failure is a transfer held by its gas estimate. */
export function gasRefusalOf(err: unknown): GasRefusal | null {
  const type = err instanceof ApplicationFailure ? err.type : null;
  return type === 'GAS_ESTIMATE_FAILED' || type === 'GAS_ABOVE_CEILING' ? type : null;
}
