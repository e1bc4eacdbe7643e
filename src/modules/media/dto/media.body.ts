import { ApiHideProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsObject,
  IsNumber,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';
import { NotPathLike } from './path-like.js';

const URL_RULE = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** What a media's fields may be changed to (PATCH), and sent with a new one. */
export class UpdateMediaBody {
  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 500 })
  @OptionalNullable()
  @IsString()
  @MaxLength(500)
  @NotPathLike()
  alt?: string | null;

  @ApiPropertyOptional({ minimum: 1, description: '1 is first; past the end: last' })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(10_000)
  position?: number;

  @ApiPropertyOptional({ type: 'number', nullable: true, minimum: 0, maximum: 1 })
  @OptionalNullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  focal_point_x?: number | null;

  @ApiPropertyOptional({ type: 'number', nullable: true, minimum: 0, maximum: 1 })
  @OptionalNullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  focal_point_y?: number | null;

  @ApiPropertyOptional({
    type: [String],
    description: 'The variants (of the product) it is shown with; `[]`: none',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  variant_ids?: string[];
}

/**
 * A new media sent as JSON: an image by `url` (fetched in the background) or a video by
 * `video_url`. (An uploaded file comes as multipart/form-data, its fields these same ones.)
 */
export class CreateMediaBody extends UpdateMediaBody {
  @ApiPropertyOptional({ format: 'uri', maxLength: 2048 })
  @Optional()
  @IsUrl(URL_RULE, { message: 'url must be an http or https URL' })
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional({ format: 'uri', maxLength: 2048 })
  @Optional()
  @IsUrl(URL_RULE, { message: 'video_url must be an http or https URL' })
  @MaxLength(2048)
  video_url?: string;

  /**
   * The facts of a multipart upload's file (name, size, checksum), set by MediaUploadInterceptor
   * so that `Idempotency-Key` compares them; the bytes are read from the interceptor, never here.
   */
  @ApiHideProperty()
  @Optional()
  @IsObject()
  file?: object;
}

export class MediaPosition {
  @ApiPropertyOptional()
  @IsString()
  id: string;

  @ApiPropertyOptional({ minimum: 1 })
  @IsInt()
  @Min(1)
  @Max(10_000)
  position: number;
}

/** New positions of some of a product's media; the others keep their order around them. */
export class MediaPositionsBody {
  @ApiPropertyOptional({ type: [MediaPosition] })
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => MediaPosition)
  positions: MediaPosition[];
}
