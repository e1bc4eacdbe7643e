export { DeliveryMethod } from './delivery-method.entity.js';
export { ShipmentPlanner } from './shipment-planner.js';
export type { PlannedShipment } from './shipment-planner.js';
export { ShippingModule } from './shipping.module.js';
