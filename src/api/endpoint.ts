import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, RequestHandler, Response } from 'express';
import type { Registry } from 'prom-client';
import type { z } from 'zod';
import type { ErrorCode } from '../domain/errors';
import type { ApiDeps } from './deps';

/** The credential an endpoint takes: it decides the OpenAPI security and, for header credentials, the guard. */
export type AuthKind = 'public' | 'metrics' | 'sid' | 'operator' | 'admin';

/** How an endpoint authenticates its caller (built in auth-kinds.ts): the kind, the route's own checks, the codes they answer. */
export interface Auth {
  kind: AuthKind;
  /** Checks run on the route itself, after the kind's guard where it has one (GUARDS), before any input is parsed. */
  steps: (deps: EndpointDeps) => RequestHandler[];
  errors: ErrorCode[];
  /** Said first in the operation's description. */
  note?: string;
}

/** What every handler may use: the API's dependencies and the state the app keeps for its life. */
export interface EndpointDeps extends ApiDeps {
  metrics: Registry;
  /** The OpenAPI document of every mounted endpoint (built where the app is composed). */
  openApi: () => object;
  /** The chains /readyz checks: the registry's active ones, kept for when the database is down. */
  readiness: { chainIds: number[] };
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** One request as the handler sees it: authenticated, its body and query parsed. */
export interface EndpointCall<B, Q, P> {
  deps: EndpointDeps;
  body: Out<B>;
  query: Out<Q>;
  /** The path parameters, or null when one does not match its schema (handlers answer as for a missing resource). */
  params: Out<P> | null;
  req: Request;
  res: Response;
}

/**
 * One API endpoint, declared once: the registrar (src/api/register.ts) mounts its Express route with its
 * authentication and validation, and the OpenAPI document describes it from the same object.
 */
export interface Endpoint<B extends z.ZodType | undefined = z.ZodType | undefined, Q extends z.ZodType | undefined = z.ZodType | undefined, P extends z.ZodObject | undefined = z.ZodObject | undefined> {
  operationId: string;
  method: 'get' | 'post' | 'patch';
  /** Express form: `/withdrawals/:sessionRef`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: Auth;
  body?: B;
  /**
   * Set where the handler reads the body and query itself: its checks come before the body's and the schema depends
   * on a field (POST /session/withdraw: the headless flag and operatorReference first, spec 4.2), or a bad sid is
   * answered with an HTML page (the widget pages). The schemas then only describe the input.
   */
  parsedByHandler?: true;
  query?: Q;
  params?: P;
  /** Set where a path parameter that does not match is a 400 naming it; by default it reads as a missing resource. */
  rejectBadParams?: true;
  /** Success answers by status (and /readyz's 503). */
  responses: Record<number, ResponseConfig>;
  /** The catalog codes this endpoint may answer beyond its auth's and its input validation's (with the status where it is not the code's own). */
  errors?: Array<ErrorCode | { code: ErrorCode; status: number }>;
  /** Error statuses answered without a catalog code (the widget pages' HTML 404 and 410). */
  otherErrorStatuses?: number[];
  handler(call: EndpointCall<B, Q, P>): Promise<void> | void;
}

/** Declares an endpoint (the identity function: it only lets TypeScript infer the handler's input types). */
export function endpoint<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, P extends z.ZodObject | undefined = undefined>(
  e: Endpoint<B, Q, P>,
): Endpoint {
  return e as unknown as Endpoint;
}

/** Every operator POST takes an Idempotency-Key (CONTRACT §9): the registrar mounts the check, the document declares the header. */
export const takesIdempotencyKey = (e: Endpoint): boolean => e.method === 'post' && e.auth.kind === 'operator';

/** Endpoints mounted together: a prefix's own middleware runs for every path under it, declared or not. */
export interface EndpointGroup {
  prefix?: { path: string; use: (deps: EndpointDeps) => RequestHandler[] };
  /** Mounted but left out of the API reference (the management panel's pages, for the gateway's own admins). */
  unlisted?: true;
  endpoints: Endpoint[];
}
