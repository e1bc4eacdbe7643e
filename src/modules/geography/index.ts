export { Country } from './country.entity.js';
export { Zone } from './zone.entity.js';
export { CreateZoneBody, UpdateZoneBody } from './admin/zone.body.js';
export { ZonesService } from './admin/zones.service.js';
export { GeographyModule } from './geography.module.js';
