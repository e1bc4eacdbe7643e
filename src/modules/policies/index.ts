export { createDefaultPolicies, DEFAULT_POLICIES } from './default-policies.js';
export { PoliciesModule } from './policies.module.js';
export { Policy } from './policy.entity.js';
