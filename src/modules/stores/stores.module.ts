import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StoreDirectory } from './store-directory.service.js';
import { Store } from './store.entity.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Store])],
  providers: [StoreDirectory],
  exports: [StoreDirectory],
})
export class StoresModule {}
