import { ApplicationFailure } from '@temporalio/activity';
import type { WaitType } from '../domain/failure-types';

/**
 * Thrown while a step waits (confirmations, receipts, a fresh price): a benign, retryable failure, so the activity's
 * retry policy is the poll loop and the workflow history gains nothing per poll.
 */
export const waiting = (type: WaitType, message: string) => ApplicationFailure.create({ type, message, category: 'BENIGN' });
