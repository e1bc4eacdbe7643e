// The public face of the emails module: code outside src/modules/emails imports from here only.
export { EmailDelivery } from './deliveries/email-delivery.entity.js';
export { EmailsModule } from './emails.module.js';
export { EmailTemplate } from './templates/email-template.entity.js';
export { EmailSettings } from './settings/email-settings.entity.js';
