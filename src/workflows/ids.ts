/** Workflow ids name their resource (CONTRACT §1), so the Web UI and `temporal workflow list` find them. */
export const webhookWorkflowId = (eventId: string) => `webhook-${eventId}`;
/** Per task queue: one relay and one scanner per chain for each worker fleet. */
export const webhookRelayWorkflowId = (taskQueue: string) => `webhook-relay-${taskQueue}`;
export const withdrawalRelayWorkflowId = (taskQueue: string) => `withdrawal-relay-${taskQueue}`;
export const chainScannerWorkflowId = (taskQueue: string, chainId: number) => `chain-scanner-${taskQueue}-${chainId}`;
