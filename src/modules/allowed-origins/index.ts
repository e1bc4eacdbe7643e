export { AllowedOrigin } from './allowed-origin.entity.js';
export { AllowedOriginsModule } from './allowed-origins.module.js';
export { BrowserOrigins } from './browser-origins.js';
