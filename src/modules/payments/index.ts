export type { CardInput } from './payment-gateway.js';
export { PaymentGateways } from './payment-gateways.js';
export { PaymentMethod } from './payment-method.entity.js';
export type { PaymentMethodType } from './payment-method.entity.js';
export type { PaymentSource } from './payment-source.js';
export { PaymentsModule } from './payments.module.js';
