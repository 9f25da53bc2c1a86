/** Workflow ids name their resource (CONTRACT §1), so the Web UI and `temporal workflow list` find them. */
export const webhookWorkflowId = (eventId: string) => `webhook-${eventId}`;
export const webhookRelayWorkflowId = (taskQueue: string) => `webhook-relay-${taskQueue}`;
