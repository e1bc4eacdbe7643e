import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';

const SUBJECT_MAX_LENGTH = 1_000;
const PART_MAX_LENGTH = 200_000;

/** A store's change to a mail's templates: each part sent replaces its own; null restores the default's. */
export class UpdateEmailTemplateBody {
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: SUBJECT_MAX_LENGTH,
    description: 'Handlebars; its whitespace is collapsed to single spaces. Null: the default',
  })
  @OptionalNullable()
  @IsString()
  @MaxLength(SUBJECT_MAX_LENGTH)
  subject?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: PART_MAX_LENGTH,
    description:
      'MJML with Handlebars values ({{…}}, always HTML-escaped; blocks around elements inside <mj-raw>). Null: the default',
  })
  @OptionalNullable()
  @IsString()
  @MaxLength(PART_MAX_LENGTH)
  html?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    maxLength: PART_MAX_LENGTH,
    description: 'The plain-text part, Handlebars. Null: the default',
  })
  @OptionalNullable()
  @IsString()
  @MaxLength(PART_MAX_LENGTH)
  text?: string | null;
}

/** What a preview renders: the saved templates, or these drafts of some parts, for a sample or an order. */
export class PreviewEmailTemplateBody {
  @ApiPropertyOptional({
    type: 'string',
    example: 'or_UkLWZg9DAJ',
    description:
      'An order of the store (`or_…`) to fill the templates with; default: built-in sample values',
  })
  @Optional()
  @IsString()
  order_id?: string;

  @ApiPropertyOptional({ type: 'string', maxLength: SUBJECT_MAX_LENGTH })
  @Optional()
  @IsString()
  @MaxLength(SUBJECT_MAX_LENGTH)
  subject?: string;

  @ApiPropertyOptional({ type: 'string', maxLength: PART_MAX_LENGTH })
  @Optional()
  @IsString()
  @MaxLength(PART_MAX_LENGTH)
  html?: string;

  @ApiPropertyOptional({ type: 'string', maxLength: PART_MAX_LENGTH })
  @Optional()
  @IsString()
  @MaxLength(PART_MAX_LENGTH)
  text?: string;
}
