import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { chainListResponse, healthResponse } from '../schemas/responses';
import { json, registerOperation } from './operation';
import { z } from './zod';

const text = (description: string, type: string) => ({ description, content: { [type]: { schema: z.string() } } });

/** Public routes (no credential): health, metrics, the chain registry and this reference. */
export function registerPublicPaths(r: OpenAPIRegistry): void {
  const tag = 'Public';
  registerOperation(r, { method: 'get', path: '/healthz', tag, auth: 'public', summary: 'The process answers', responses: { 200: json('Up', healthResponse) } });
  registerOperation(r, {
    method: 'get',
    path: '/readyz',
    tag,
    auth: 'public',
    summary: 'PostgreSQL, Temporal and every active chain answer',
    responses: { 200: json('Ready', healthResponse), 503: json('A dependency is down', healthResponse) },
  });
  registerOperation(r, {
    method: 'get',
    path: '/metrics',
    tag,
    auth: 'metrics',
    summary: 'Prometheus metrics (text exposition format)',
    description: 'Needs METRICS_TOKEN as a Bearer token when the gateway sets one.',
    responses: { 200: text('Prometheus text', 'text/plain') },
  });
  registerOperation(r, {
    method: 'get',
    path: '/chain',
    tag,
    auth: 'public',
    summary: 'Networks and their tokens (the native asset has address null)',
    responses: { 200: json('The chain registry', chainListResponse) },
  });
  registerOperation(r, { method: 'get', path: '/openapi.json', tag, auth: 'public', summary: 'This document (OpenAPI 3.1)', responses: { 200: json('The document', z.object({ openapi: z.string() })) } });
  registerOperation(r, { method: 'get', path: '/docs', tag, auth: 'public', summary: 'The API reference (HTML)', responses: { 200: text('The reference page', 'text/html') } });
}
