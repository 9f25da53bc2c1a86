import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import { GatewayError } from './errors';
import { paginate, type ListItem, type ListPath, type ListQuery } from './pagination';
import { retryingFetch, type RetryOptions } from './retry';
import type { paths } from './schema';

export type { components, paths, webhooks as WebhookDocuments } from './schema';
export { ERROR_CODES, type ErrorCode } from './catalog';
export { GatewayError, type FieldIssue } from './errors';
export type { ListItem, ListPath, ListQuery } from './pagination';
export type { RetryOptions } from './retry';
export { verifyWebhookSignature } from './webhook-signature';
export { webhooks, WebhookVerificationError, type WebhookEvent, type WebhookEventType } from './webhooks';

export interface GatewayClientOptions extends Omit<ClientOptions, 'baseUrl' | 'fetch'> {
  /** Retries of 429 and 503 answers; `false` sends each call once. */
  retry?: RetryOptions | false;
  /** The fetch the retries go through (default: the global fetch). */
  fetch?: typeof fetch;
}

export type GatewayClient = Client<paths> & {
  /** Every item of a list endpoint (GET with a cursor), following X-Next-Cursor: `for await (const e of api.paginate(...))`. */
  paginate<P extends ListPath>(path: P, query?: ListQuery<P>): AsyncGenerator<ListItem<P>, void, undefined>;
};

/**
 * A typed client for the gateway's operator API: paths, bodies and answers come from its OpenAPI document. `apiKey` is
 * sent as the Bearer token. A call answers `{ data, response }` (openapi-fetch); any non-2xx answer, once the retries
 * of 429 and 503 are spent, is thrown as a GatewayError.
 */
export function createGatewayClient(baseUrl: string, apiKey: string, options: GatewayClientOptions = {}): GatewayClient {
  const { retry, fetch: fetchImpl, ...rest } = options;
  const client = createClient<paths>({
    ...rest,
    baseUrl,
    headers: { ...rest.headers, authorization: `Bearer ${apiKey}` },
    fetch: retryingFetch(retry === false ? { maxAttempts: 1 } : retry, fetchImpl),
  });
  // The first middleware sees the answer last, after any the caller adds with use().
  client.use({
    async onResponse({ response }) {
      if (!response.ok) throw await GatewayError.fromResponse(response);
      return undefined;
    },
  });
  return Object.assign(client, { paginate: <P extends ListPath>(path: P, query?: ListQuery<P>) => paginate(client, path, query) });
}
