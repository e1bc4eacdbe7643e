export { putDigitalFile } from './digital-blobs.js';
export { digitalFileOf, digitalRowOf } from './digital-file.js';
export { DigitalLink } from './digital-link.entity.js';
export { DigitalLinksService } from './digital-links.service.js';
export { Digital } from './digital.entity.js';
export { DigitalModule } from './digital.module.js';
export { DigitalDownloadsService } from './digital-downloads.service.js';
export { answerDownload } from './download-reply.js';
