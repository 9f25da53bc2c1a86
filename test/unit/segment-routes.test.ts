import type { AddressInfo } from 'node:net';
import express from 'express';
import { publicAccess } from '../../src/api/auth-kinds';
import { endpoint, type EndpointDeps } from '../../src/api/endpoint';
import { mountEndpoints, SegmentRouters } from '../../src/api/register';
import { json } from '../../src/api/openapi/operation';
import { z } from '../../src/api/openapi/zod';

const at = (path: string) =>
  endpoint({ operationId: 'probe', method: 'get', path, tag: 'Probe', auth: publicAccess, summary: 'probe', description: 'probe', responses: { 200: json('Up', z.object({})) }, handler: ({ res }) => void res.json({}) });

// Public endpoints only: nothing here calls a dependency.
const deps = {} as EndpointDeps;

describe('the registrar', () => {
  it('When an endpoint path starts with a literal segment, Then it mounts; with a parameter or pattern there, Then mounting refuses it', () => {
    expect(() => mountEndpoints(express(), [{ endpoints: [at('/probe/:id')] }], deps)).not.toThrow();
    for (const path of ['/:id/probe', '/', '/{*rest}']) {
      expect(() => mountEndpoints(express(), [{ endpoints: [at(path)] }], deps)).toThrow(/must start with a literal segment/);
    }
  });

  it('When one middleware is mounted on two paths of a segment, Then a request matching both runs it once, as app.use with the two paths does', async () => {
    const routes = new SegmentRouters();
    let runs = 0;
    routes.use(['/probe', '/probe/x'], (_req, _res, next) => {
      runs += 1;
      next();
    });
    routes.route('get', '/probe/x', (_req, res) => void res.json({ runs }));
    const app = express().use(routes.dispatch());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/probe/x`);
      expect(await r.json()).toEqual({ runs: 1 });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
