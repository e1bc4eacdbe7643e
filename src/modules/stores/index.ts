export type { StoreContext } from './store-context.js';
export { UpdateStoreBody } from './admin/store-settings.body.js';
export { StoreSettingsService } from './admin/store-settings.service.js';
export { StoreDirectoryService } from './store-directory.service.js';
export { StoreScopedEntity } from './store-scoped.entity.js';
export { Store } from './store.entity.js';
export { StoresModule } from './stores.module.js';
