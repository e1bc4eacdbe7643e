export { type StoreContext, localesOf, storeContextOf } from './store-context.js';
export { UpdateStoreBody } from './admin/store-settings.body.js';
export { StoreSettingsService } from './admin/store-settings.service.js';
export { flagDefaultStoreIfNone } from './default-store.js';
export { claimStoreHosts } from './hosts/store-host-claims.js';
export { StoreHost } from './hosts/store-host.entity.js';
export { hostName } from './hosts/host-names.js';
export { type CreateStoreInput, parseCreateStoreCommand } from './operator/create-store-input.js';
export {
  type CreatedStoreOutput,
  createStoreCommand,
  type FirstStoreKeys,
  type IssueFirstStoreKeys,
} from './operator/create-store.command.js';
export {
  defaultStoreCommand,
  type DefaultStoreOutput,
  parseDefaultStoreCommand,
  StoreOperatorInputError,
} from './operator/default-store.command.js';
export { operatorCacheInvalidation } from './operator/operator-cache-invalidation.js';
export { StoreDirectoryService } from './store-directory.service.js';
export { existingStoreKey } from './store-keys.js';
export { StoreScopedEntity } from './store-scoped.entity.js';
export { Store } from './store.entity.js';
export { StoresModule } from './stores.module.js';
