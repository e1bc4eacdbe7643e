import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoreSettingsService } from './admin/store-settings.service.js';
import { StoreSerializer } from './admin/store.serializer.js';
import { StoreDirectoryService } from './store-directory.service.js';
import { Store } from './store.entity.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Store])],
  providers: [StoreDirectoryService, StoreSettingsService, StoreSerializer],
  exports: [StoreDirectoryService, StoreSettingsService],
})
export class StoresModule {}
