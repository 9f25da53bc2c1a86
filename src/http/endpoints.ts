import { apiEndpoints } from '../api/endpoints';
import type { EndpointGroup } from '../api/endpoint';
import { buildOpenApiDocument, type OpenApiDocument } from '../api/openapi/document';
import { widgetEndpoints } from '../widget/endpoints';

/** Everything the HTTP process serves, declared once: the API's endpoints and the widget's, under its prefix. */
export const endpointGroups: EndpointGroup[] = [{ endpoints: apiEndpoints }, widgetEndpoints];

let cached: OpenApiDocument | null = null;

/** The OpenAPI document of every endpoint the app mounts (built once). */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument(endpointGroups.flatMap((g) => g.endpoints));
  return cached;
}
