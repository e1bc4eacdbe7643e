import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NAME_MAX_LENGTH = 255;
const HANDLE_MAX_LENGTH = 100;
const DESCRIPTION_MAX_LENGTH = 2000;

/** Present only when sent; an explicit null is refused like any other wrong type. */
const WhenSent = () => ValidateIf((_: object, value: unknown) => value !== undefined);

/** The fields a brand takes on create and on update alike. */
class BrandFields {
  @ApiPropertyOptional({
    maxLength: HANDLE_MAX_LENGTH,
    pattern: HANDLE_PATTERN.source,
    description: 'Unique within the store; on create, made from the name when left out',
  })
  @WhenSent()
  @IsString()
  @Matches(HANDLE_PATTERN)
  @MaxLength(HANDLE_MAX_LENGTH)
  handle?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: DESCRIPTION_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX_LENGTH)
  description?: string | null;

  @ApiPropertyOptional({ description: 'A store features at most three brands at a time' })
  @WhenSent()
  @IsBoolean()
  featured?: boolean;
}

export class CreateBrandBody extends BrandFields {
  @ApiProperty({ maxLength: NAME_MAX_LENGTH })
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  name: string;
}

export class UpdateBrandBody extends BrandFields {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @WhenSent()
  @IsString()
  @IsNotEmpty()
  @MaxLength(NAME_MAX_LENGTH)
  name?: string;
}
