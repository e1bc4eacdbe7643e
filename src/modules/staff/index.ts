export { createApiKeyCommand } from './operator/create-api-key.command.js';
export { createStaffUserCommand } from './operator/create-staff-user.command.js';
export { parseApiKeyCommand, parseStaffCommand } from './operator/operator-input.js';
export { StaffModule } from './staff.module.js';
export { StaffInvitation } from './staff-invitation.entity.js';
