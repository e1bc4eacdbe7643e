export { deliveryCost } from './delivery-calculators.js';
export { DeliveryMethod } from './delivery-method.entity.js';
export { DeliveryOptions } from './delivery-options.js';
export type { DeliveryOption, ShippingDestination } from './delivery-options.js';
export { ShippingModule } from './shipping.module.js';
