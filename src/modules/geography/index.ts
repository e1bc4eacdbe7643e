export { Country } from './country.entity.js';
export { State } from './state.entity.js';
export { Zone, ZONE_KINDS } from './zone.entity.js';
export type { ZoneKind } from './zone.entity.js';
export { zoneCovers } from './zone-covers.js';
export { CreateZoneBody, UpdateZoneBody } from './admin/zone.body.js';
export { ZonesService } from './admin/zones.service.js';
export { GeographyModule } from './geography.module.js';
