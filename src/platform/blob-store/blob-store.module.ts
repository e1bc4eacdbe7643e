import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { blobStoreFor } from './blob-store-for.js';
import { BlobStore } from './blob-store.port.js';

/** Provides `BlobStore`: an S3-compatible bucket when MEDIA_STORAGE_URL is set, the local disk otherwise. */
@Global()
@Module({
  providers: [{ provide: BlobStore, inject: [AppConfig], useFactory: blobStoreFor }],
  exports: [BlobStore],
})
export class BlobStoreModule {}
