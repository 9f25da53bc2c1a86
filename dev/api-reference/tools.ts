import { ensureGoTool } from '../launcher/go-tool';

/** The OpenAPI tools built from the Go module proxy and cached in .tools/bin like geth and the Temporal CLI. */
export const OASDIFF_MODULE = 'github.com/oasdiff/oasdiff@v1.37.0';
export const OAPI_CODEGEN_MODULE = 'github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2';

export const ensureOasdiff = (log?: (msg: string) => void) =>
  ensureGoTool({ label: 'oasdiff v1.37.0', binary: 'oasdiff', envVar: 'OASDIFF', module: OASDIFF_MODULE }, log);

export const ensureOapiCodegen = (log?: (msg: string) => void) =>
  ensureGoTool({ label: 'oapi-codegen v2.8.2', binary: 'oapi-codegen', envVar: 'OAPI_CODEGEN', module: OAPI_CODEGEN_MODULE }, log);

/** Both, for CI to build in the background while it lints. */
export function ensureApiTools(log?: (msg: string) => void): void {
  ensureOasdiff(log);
  ensureOapiCodegen(log);
}
