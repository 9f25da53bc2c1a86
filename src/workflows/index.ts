/** Every workflow the worker runs; the bundler starts here. */
export { webhookDeliveryWorkflow } from './webhook-delivery';
export { webhookRelayWorkflow } from './webhook-relay';
