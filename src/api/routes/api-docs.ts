import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { publicAccess } from '../auth-kinds';
import { endpoint } from '../endpoint';
import { json } from '../openapi/operation';
import { z } from '../openapi/zod';

const ASSETS = '/docs/assets';
/** swagger-ui-dist's files (it ships no type declarations, so its folder is found from its package.json). */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

// Served as a file rather than inline, so the page runs under a CSP without 'unsafe-inline' scripts.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'list' });\n`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Crypto payment gateway API reference</title>
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
<link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="${ASSETS}/init.js"></script>
</body>
</html>
`;

// Swagger UI sets inline styles and data: images; scripts come from this origin only.
const CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

const tag = 'Public';

/** GET /openapi.json and GET /docs (Swagger UI from the swagger-ui-dist package, no CDN); public. */
export const apiDocsEndpoints = [
  endpoint({
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    tag,
    auth: publicAccess,
    summary: 'This document (OpenAPI 3.1)',
    description:
      'This document: every operation the gateway serves, and the webhook events it sends under `webhooks`.',
    responses: { 200: json('The document', z.object({ openapi: z.string() })) },
    handler: ({ deps, res }) => {
      res.json(deps.openApi());
    },
  }),
  endpoint({
    operationId: 'getApiReference',
    method: 'get',
    path: '/docs',
    tag,
    auth: publicAccess,
    summary: 'The API reference (HTML)',
    description:
      'The API reference as an HTML page rendering this document, served by the gateway itself (no outside origin).',
    responses: { 200: { description: 'The reference page', content: { 'text/html': { schema: z.string() } } } },
    handler: ({ res }) => {
      res.setHeader('Content-Security-Policy', CSP);
      res.type('html').send(PAGE);
    },
  }),
];

/**
 * Swagger UI's files and its start-up script under /docs/assets (files, not endpoints): the path and its handlers, to
 * mount as one layer, which any other request passes with one match.
 */
export function apiDocsAssets(): [string, RequestHandler, RequestHandler] {
  const init: RequestHandler = (req, res, next) => {
    if (req.path !== '/init.js') return next();
    res.type('js').send(INIT_SCRIPT);
  };
  return [ASSETS, init, express.static(SWAGGER_UI_DIR, { index: false, fallthrough: true })];
}
