import { writeFileSync } from 'node:fs';
import { openApiDocument } from '../../src/http/endpoints';

/** `tsx dev/api-reference/write-document.ts FILE`: the OpenAPI document GET /openapi.json serves, built without a server. */
const file = process.argv[2];
if (!file) throw new Error('usage: write-document.ts FILE');
writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
