export { CustomerReturn } from './entities/customer-return.entity.js';
export { Reimbursement } from './entities/reimbursement.entity.js';
export { ReturnAuthorizationReason } from './entities/return-authorization-reason.entity.js';
export { ReturnAuthorization } from './entities/return-authorization.entity.js';
export { ReturnItem } from './entities/return-item.entity.js';
export { ReturnSettings } from './entities/return-settings.entity.js';
export {
  createDefaultReturnReasons,
  DEFAULT_RETURN_REASONS,
} from './reasons/default-return-reasons.js';
export { ReturnsModule } from './returns.module.js';
