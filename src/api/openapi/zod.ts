import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Lets the document name shared schemas as components (`.openapi(refId)`); imported first by the document's modules.
extendZodWithOpenApi(z);

export { z };
