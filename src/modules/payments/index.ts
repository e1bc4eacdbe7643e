export type {
  CardInput,
  GatewayActionOutcome,
  GatewayOutcome,
  PaymentGateway,
} from './payment-gateway.js';
export { GatewayUnreachable } from './payment-gateway.js';
export { PaymentGateways, paymentMethodTraits } from './payment-gateways.js';
export type { GatewayMethodType, PaymentMethodTraits } from './payment-gateways.js';
export { PaymentMethod } from './payment-method.entity.js';
export type { PaymentMethodType } from './payment-method.entity.js';
export type { PaymentSource } from './payment-source.js';
export { PaymentsModule } from './payments.module.js';
export { paymentMethodView } from './payment-method-view.js';
export type { PaymentMethodView } from './payment-method-view.js';
