export { OrderEdit } from './entities/order-edit.entity.js';
export { OrderEditsModule } from './order-edits.module.js';
