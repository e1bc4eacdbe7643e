import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Matches, MaxLength } from 'class-validator';
import { NameField, PositionField, TextField } from '../../../../common/dto/settings-fields.js';
import { Optional, OptionalNullable } from '../../../../common/dto/presence.js';

const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `parent_id`: a `ctg_…` id, or null for a root (when moving). */
const ParentField = OptionalNullable;

class CategoryFields {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'ctg_8fK2mQ9xLp',
    description: 'The parent category; null makes a root',
  })
  @ParentField()
  @IsString()
  @MaxLength(100)
  parent_id?: string | null;

  @PositionField({ description: 'The place among its siblings, 0 first' })
  position?: number;

  @TextField({ nullable: true })
  description?: string | null;

  @ApiPropertyOptional({
    type: String,
    example: 'shirts',
    description:
      'The last segment of the permalink (a slug); by default the slug of the name. The full ' +
      "permalink is the parent's followed by this segment",
  })
  @Optional()
  @IsString()
  @MaxLength(100)
  @Matches(SLUG, { message: 'permalink must be a slug: lower-case letters, digits and dashes' })
  permalink?: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalNullable()
  @IsString()
  @MaxLength(255)
  meta_title?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalNullable()
  @IsString()
  @MaxLength(5000)
  meta_description?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalNullable()
  @IsString()
  @MaxLength(255)
  meta_keywords?: string | null;
}

export class CreateCategoryBody extends CategoryFields {
  @trimmed()
  @NameField({ required: true })
  name: string;
}

export class UpdateCategoryBody extends CategoryFields {
  @trimmed()
  @NameField()
  name?: string;
}

export class RepositionCategoryBody {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'The new parent; null makes a root, absent keeps the parent',
  })
  @ParentField()
  @IsString()
  @MaxLength(100)
  parent_id?: string | null;

  @PositionField({ required: true, description: 'The place among the new siblings, 0 first' })
  position: number;
}
