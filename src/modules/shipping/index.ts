export { deliveryCost } from './delivery-calculators.js';
export { DeliveryMethod } from './delivery-method.entity.js';
export { servingOptionsJsonSql } from './delivery-options.js';
export type { DeliveryOption, DestinationSql } from './delivery-options.js';
export { ShippingModule } from './shipping.module.js';
