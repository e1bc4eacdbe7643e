export { digitalFileOf, digitalRowOf } from './digital-file.js';
export { DigitalLink } from './digital-link.entity.js';
export { DigitalLinksService } from './digital-links.service.js';
export { Digital } from './digital.entity.js';
export { DigitalModule } from './digital.module.js';
