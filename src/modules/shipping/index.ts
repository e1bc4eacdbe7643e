export { deliveryCost } from './delivery-calculators.js';
export { DeliveryMethod } from './delivery-method.entity.js';
export { DeliveryOptions, servingOptionsJsonSql } from './delivery-options.js';
export type { DeliveryOption, DestinationSql, ShippingDestination } from './delivery-options.js';
export { ShippingModule } from './shipping.module.js';
