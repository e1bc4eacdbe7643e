import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { WebhookTargetPolicy } from '../webhooks/index.js';
import { AdminMediaService } from './admin/admin-media.service.js';
import { AdminProductMediaController } from './admin/admin-product-media.controller.js';
import { AdminVariantMediaController } from './admin/admin-variant-media.controller.js';
import { MediaTargets } from './admin/media-targets.js';
import { MediaUploadInterceptor } from './admin/media-upload.interceptor.js';
import { ImageUrlFetcher } from './images/image-url-fetcher.js';
import { MediaBlobs } from './media-blobs.js';
import { MediaCatalogHooks } from './media-catalog-hooks.js';
import { MediaJobs } from './media-jobs.js';
import { MediaProcessing } from './media-processing.js';
import { MediaUrls } from './media-urls.js';
import { MediaSerializer } from './media.serializer.js';
import { ProductMediaChanges } from './thumbnail-keys.js';
import { MediaFileCache } from './serving/media-file-cache.js';
import { MediaFilesController } from './serving/media-files.controller.js';

/**
 * Product and variant media: the Admin API to add, order and remove them, their checks and
 * renditions (`media` queue), serving their files, and their place in catalog views. Files live
 * in the BlobStore the application provides.
 */
@Module({
  imports: [CatalogModule],
  controllers: [AdminProductMediaController, AdminVariantMediaController, MediaFilesController],
  providers: [
    // The webhooks' SSRF guard, for images uploaded by URL.
    WebhookTargetPolicy,
    ImageUrlFetcher,
    MediaUrls,
    MediaSerializer,
    MediaBlobs,
    MediaProcessing,
    MediaJobs,
    MediaTargets,
    MediaUploadInterceptor,
    AdminMediaService,
    MediaCatalogHooks,
    MediaFileCache,
    ProductMediaChanges,
  ],
  exports: [MediaSerializer],
})
export class MediaModule {}
