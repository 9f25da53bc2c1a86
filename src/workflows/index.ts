/** Every workflow the worker runs; the bundler starts here. */
export { chainScannerWorkflow } from './chain-scanner';
export { depositWorkflow } from './deposit';
export { dustSweeperWorkflow } from './dust-sweeper';
export { headlessWorkflow } from './headless';
export { payoutWorkflow } from './payout';
export { reconcileWorkflow } from './reconcile';
export { treasuryRelayWorkflow } from './treasury-relay';
export { treasurySendWorkflow } from './treasury-send';
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { webhookRelayWorkflow } from './webhook-relay';
export { withdrawalWorkflow } from './withdrawal';
export { withdrawalRelayWorkflow } from './withdrawal-relay';
