import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { depositAddressSchema } from '../schemas/depositor';
import { depositAddress, directTransferAccepted, envelope, sessionInfo } from '../schemas/responses';
import { widgetQrResponse, widgetQrSchema, widgetQuoteResponse, widgetQuoteSchema, widgetStatusResponse } from '../schemas/widget';
import { directTransferSchema } from '../schemas/withdrawals';
import { json, registerOperation } from './operation';
import { z } from './zod';

const sid = z.object({ sid: z.uuid() });

/** The widget's calls: the session's sid, in the body, is the credential. */
export function registerWidgetPaths(r: OpenAPIRegistry): void {
  const tag = 'Widget (sid)';
  registerOperation(r, {
    method: 'post',
    path: '/session/info',
    tag,
    auth: 'sid',
    summary: "A session's state (closed sessions answer too)",
    body: sid,
    responses: { 200: json('The session', envelope(sessionInfo)) },
  });
  registerOperation(r, {
    method: 'post',
    path: '/depositor/address',
    tag,
    auth: 'sid',
    summary: "The user's deposit address for a currency on a chain",
    body: sid.extend(depositAddressSchema.shape),
    responses: { 200: json('The address', envelope(depositAddress)) },
  });
  registerOperation(r, {
    method: 'post',
    path: '/withdraw/direct-transfer',
    tag,
    auth: 'sid',
    summary: "Request a withdrawal of the session's amount to an address",
    body: directTransferSchema,
    responses: { 201: json('The withdrawal request', envelope(directTransferAccepted)) },
    errors: [403, 409, 503],
  });

  // The hosted pages and their calls (docs/widget.md): the sid in the query (pages) or the body (calls).
  const sidQuery = z.object({ sid: z.string().describe("The session's sid") });
  for (const kind of ['deposit', 'withdraw'] as const) {
    registerOperation(r, {
      method: 'get',
      path: `/widget/${kind}`,
      tag,
      auth: 'public',
      summary: `The ${kind} page a player lands on (HTML)`,
      description: 'An unknown sid answers 404, an expired or cancelled one 410, each as an HTML page in the session language.',
      query: sidQuery,
      responses: { 200: { description: 'The page', content: { 'text/html': { schema: z.string() } } } },
      errors: [404, 410, 429],
    });
  }
  registerOperation(r, { method: 'get', path: '/widget/app.js', tag, auth: 'public', summary: "The pages' script", responses: { 200: { description: 'JavaScript', content: { 'application/javascript': { schema: z.string() } } } } });
  registerOperation(r, { method: 'get', path: '/widget/app.css', tag, auth: 'public', summary: "The pages' styles", responses: { 200: { description: 'CSS', content: { 'text/css': { schema: z.string() } } } } });
  registerOperation(r, {
    method: 'post', path: '/widget/status', tag, auth: 'sid', summary: "The session's live state (closed sessions answer too)",
    body: sid, responses: { 200: json('Deposits seen, or the latest withdrawal', envelope(widgetStatusResponse)) }, errors: [429],
  });
  registerOperation(r, {
    method: 'post', path: '/widget/qr', tag, auth: 'sid', summary: 'A QR code of a payment URI',
    body: sid.extend(widgetQrSchema.shape), responses: { 200: json('The image', envelope(widgetQrResponse)) }, errors: [429],
  });
  registerOperation(r, {
    method: 'post', path: '/widget/quote', tag, auth: 'sid', summary: "An estimate of the session's amount in a token",
    body: sid.extend(widgetQuoteSchema.shape), responses: { 200: json('The estimate', envelope(widgetQuoteResponse)) }, errors: [429],
  });
}
