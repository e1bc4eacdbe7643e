import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOperation, getSchemaPath } from '@nestjs/swagger';
import { IdempotencyInterceptor } from '../../../platform/http/idempotency/idempotency.interceptor.js';
import { AcceptsUploads } from '../../../platform/http/uploads/multipart.js';
import { ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { RequireScope } from '../../auth/index.js';
import { CreateMediaBody } from '../dto/media.body.js';
import { MediaUploadInterceptor } from './media-upload.interceptor.js';

/**
 * What both media creation routes (a product's, a variant's) declare: an upload by
 * multipart/form-data or a JSON body, read in this order so that `Idempotency-Key` covers the
 * uploaded file.
 */
export const CreatesMedia = (owner: 'product' | 'variant') =>
  applyDecorators(
    RequireScope('write_products'),
    AcceptsUploads(),
    UseInterceptors(MediaUploadInterceptor, IdempotencyInterceptor),
    ApiConsumes('multipart/form-data', 'application/json'),
    ApiExtraModels(CreateMediaBody),
    ApiBody({
      schema: {
        oneOf: [
          {
            type: 'object',
            required: ['file'],
            properties: {
              file: { type: 'string', format: 'binary' },
              alt: { type: 'string' },
              position: { type: 'integer' },
              focal_point_x: { type: 'number' },
              focal_point_y: { type: 'number' },
              variant_ids: { type: 'string', description: 'comma-separated' },
            },
          },
          { $ref: getSchemaPath(CreateMediaBody) },
        ],
      },
    }),
    ApiOperation({
      summary: `Add an image or video to a ${owner}`,
      description:
        'An image uploaded as multipart/form-data (`file`, with `alt`, `position`, …), an image ' +
        'by JSON `url` (fetched in the background; a private or loopback address is 422), or a ' +
        'video by `video_url`. The type is read from the bytes: JPEG, PNG, WebP, AVIF, GIF; ' +
        'anything else, a damaged file or one over 50 megapixels is 422 `validation_error`, one ' +
        'over MEDIA_UPLOAD_MAX_BYTES 413. EXIF is removed and orientation applied. Renditions ' +
        'are made in the background: until then `status` is `processing` and rendition URLs ' +
        "are the original's." +
        (owner === 'variant' ? ' The media is attached to the variant.' : ''),
    }),
    ApiErrors('validation_error', 'record_not_found', 'request_too_large'),
  );
