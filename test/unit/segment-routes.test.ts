import express from 'express';
import { publicAccess } from '../../src/api/auth-kinds';
import { endpoint, type EndpointDeps } from '../../src/api/endpoint';
import { mountEndpoints } from '../../src/api/register';
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
});
