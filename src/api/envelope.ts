import type { Response } from 'express';

/** Spec 2.1: `{ status, message, data }` for session, depositor, withdraw and headless endpoints. */
export function sendEnvelope(res: Response, httpStatus: number, message: string, data: unknown): void {
  res.status(httpStatus).json({ status: 'success', message, data });
}

/** Spec 2.1: `{ status, data }` for /withdraw/:id/decision and /session/:uuid/test-webhook. */
export function sendShortEnvelope(res: Response, httpStatus: number, data: unknown): void {
  res.status(httpStatus).json({ status: 'success', data });
}
