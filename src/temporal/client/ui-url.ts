import type { Config } from '../../config/env';

/** The Web UI page of a workflow (CONTRACT §6: `temporalUiUrl` contains the workflow id). */
export function temporalUiUrl(config: Pick<Config, 'TEMPORAL_UI_URL' | 'TEMPORAL_NAMESPACE'>, workflowId: string): string {
  return `${config.TEMPORAL_UI_URL}/namespaces/${encodeURIComponent(config.TEMPORAL_NAMESPACE)}/workflows/${encodeURIComponent(workflowId)}`;
}
