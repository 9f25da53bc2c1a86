import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, paths, webhooks } from './schema';
export { verifyWebhookSignature } from './webhook-signature';

export type GatewayClient = Client<paths>;

/**
 * A typed client for the gateway's operator API: paths, bodies and answers come from its OpenAPI document.
 * `apiKey` is sent as the Bearer token; every call answers `{ data, error, response }` (openapi-fetch).
 */
export function createGatewayClient(baseUrl: string, apiKey: string, options: Omit<ClientOptions, 'baseUrl'> = {}): GatewayClient {
  return createClient<paths>({ ...options, baseUrl, headers: { ...options.headers, authorization: `Bearer ${apiKey}` } });
}
