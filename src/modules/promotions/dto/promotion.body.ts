import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsISO8601,
  IsObject,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';
import {
  FlagField,
  NameField,
  OneOfField,
  TextField,
} from '../../../common/dto/settings-fields.js';
import {
  MATCH_POLICIES,
  PROMOTION_KINDS,
  PROMOTION_STATUSES,
  type PromotionKind,
  type PromotionStatus,
} from '../entities/promotion.entity.js';
import { ActionBody, RuleBody } from './part.body.js';

const Time = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description }),
    OptionalNullable(),
    IsISO8601(
      { strict: true },
      { message: ({ property }) => `${property} must be an ISO 8601 time` },
    ),
  );

const Limit = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, nullable: true, description }),
    OptionalNullable(),
    IsInt(),
    Min(1),
    Max(2_000_000_000),
  );

const Parts = (type: () => typeof RuleBody | typeof ActionBody, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: [type()], description }),
    Optional(),
    IsArray(),
    ArrayMaxSize(50),
    ValidateNested({ each: true }),
    Type(type),
  );

/** The fields optional both on create and on change. */
class PromotionSettingsBody {
  @TextField({ nullable: true })
  description?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'SUMMER10',
    description:
      'The promotion’s own code: trimmed, matched case-insensitively, unique in the store',
  })
  @OptionalNullable()
  @IsString()
  @MaxLength(100)
  code?: string | null;

  @OneOfField(PROMOTION_STATUSES, { description: 'draft and archived promotions never apply' })
  status?: PromotionStatus;

  @OneOfField(PROMOTION_KINDS, {
    description: 'Default: coupon_code when a code is given (or generated), else automatic',
  })
  kind?: PromotionKind;

  @Time('From when it applies; null: from now')
  starts_at?: string | null;

  @Time('Until when it applies; null: no end')
  expires_at?: string | null;

  @Limit('How many orders may use it in all; null: no limit')
  usage_limit?: number | null;

  @Limit('How many orders of one customer may use it; null: no limit')
  per_customer_limit?: number | null;

  @OneOfField(MATCH_POLICIES, { description: 'all: every rule must hold; any: one is enough' })
  match_policy?: 'all' | 'any';

  @ApiPropertyOptional({ type: 'integer', description: 'Higher applies first; default 0' })
  @Optional()
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  priority?: number;

  @FlagField({ description: 'Applies alone, never with other promotions' })
  exclusive?: boolean;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @Optional()
  @IsObject()
  metadata?: Record<string, unknown>;

  @Parts(() => RuleBody, 'The desired set: rows with `id` are kept and updated, the others built')
  rules?: RuleBody[];

  @Parts(() => ActionBody, 'The desired set, as `rules`')
  actions?: ActionBody[];
}

/** What `PATCH /promotions/:id` changes; only the fields sent. */
export class UpdatePromotionBody extends PromotionSettingsBody {
  @NameField()
  name?: string;
}

/** `POST /promotions`: a name; codes either as `code` or generated (`multi_codes`). */
export class CreatePromotionBody extends PromotionSettingsBody {
  @NameField({ required: true })
  name: string;

  @FlagField({ description: 'Generate `number_of_codes` codes (see the coupon code batches)' })
  multi_codes?: boolean;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100000, nullable: true })
  @OptionalNullable()
  @IsInt()
  @Min(1)
  @Max(100_000)
  number_of_codes?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'summer-' })
  @OptionalNullable()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{0,20}$/, {
    message: 'code_prefix must be at most 20 letters, digits, dashes or underscores',
  })
  code_prefix?: string | null;
}
