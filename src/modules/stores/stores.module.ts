import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoreDirectoryService } from './store-directory.service.js';
import { Store } from './store.entity.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Store])],
  providers: [StoreDirectoryService],
  exports: [StoreDirectoryService],
})
export class StoresModule {}
