import { Module } from '@nestjs/common';
import { ZoneSerializer } from './admin/zone.serializer.js';
import { ZonesService } from './admin/zones.service.js';

/** Countries (shared reference data) and each store's zones of them. */
@Module({
  providers: [ZonesService, ZoneSerializer],
  exports: [ZonesService],
})
export class GeographyModule {}
