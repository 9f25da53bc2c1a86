import { apiEndpoints } from '../api/endpoints';
import type { EndpointGroup } from '../api/endpoint';
import { buildOpenApiDocument, type OpenApiDocument } from '../api/openapi/document';
import { panelEndpoints } from '../panel/endpoints';
import { widgetEndpoints } from '../widget/endpoints';

/** Everything the HTTP process serves, declared once: the API's endpoints, the widget's and the panel's, under their prefixes. */
export const endpointGroups: EndpointGroup[] = [{ endpoints: apiEndpoints }, widgetEndpoints, panelEndpoints];

let cached: OpenApiDocument | null = null;

/** The OpenAPI document of every endpoint the app mounts but the unlisted ones (built once). */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument(endpointGroups.filter((g) => !g.unlisted).flatMap((g) => g.endpoints));
  return cached;
}
