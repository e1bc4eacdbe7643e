export { WebhookDelivery } from './webhook-delivery.entity.js';
export { WebhookEndpoint } from './webhook-endpoint.entity.js';
export { WebhooksModule } from './webhooks.module.js';
export { WebhookTargetPolicy } from './webhook-target-policy.js';
