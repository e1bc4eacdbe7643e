import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Optional, OptionalNullable } from '../../../../common/dto/presence.js';
import { LockedBody } from '../../../orders/index.js';

/** The most lines one return may name. */
const MAX_LINES = 100;

/** Units of one line of the order to come back. */
export class ReturnLineInput {
  @ApiProperty({ description: 'The `li_…` id of a shipped line of the order' })
  @IsString()
  @MaxLength(64)
  line_item_id: string;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'How many of its units' })
  @IsInt()
  @Min(1)
  @Max(100_000)
  quantity: number;
}

/** Units of one line, as staff authorize them: optionally exchanged for another variant. */
export class AuthorizedLineInput extends ReturnLineInput {
  @ApiPropertyOptional({
    description:
      'The `variant_…` id of another variant of the same product, for sale in the store, to send in exchange for these units once they are accepted (a reimbursement of kind `exchange`)',
  })
  @Optional()
  @IsString()
  @MaxLength(64)
  exchange_variant_id?: string;
}

const ReturnLinesField = (input: typeof ReturnLineInput = ReturnLineInput) =>
  applyDecorators(
    ApiProperty({ type: [input], maxItems: MAX_LINES }),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_LINES),
    ValidateNested({ each: true }),
    Type(() => input),
  );

const ReasonField = () =>
  applyDecorators(
    ApiPropertyOptional({
      description: 'The `rar_…` id of one of the store’s active return reasons',
    }),
    Optional(),
    IsString(),
    MaxLength(64),
  );

const MemoField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 1000 }),
    OptionalNullable(),
    IsString(),
    MaxLength(1000),
  );

export class CreateReturnAuthorizationBody extends LockedBody {
  @ApiProperty({ description: 'The `sloc_…` id of the stock location that will receive the units' })
  @IsString()
  @MaxLength(64)
  stock_location_id: string;

  @ReasonField()
  return_authorization_reason_id?: string;

  @MemoField()
  memo?: string | null;

  @ReturnLinesField(AuthorizedLineInput)
  return_items: AuthorizedLineInput[];
}

export class UpdateReturnAuthorizationBody extends LockedBody {
  @ApiPropertyOptional({ description: 'The `sloc_…` id of the stock location receiving the units' })
  @Optional()
  @IsString()
  @MaxLength(64)
  stock_location_id?: string;

  @ReasonField()
  return_authorization_reason_id?: string;

  @MemoField()
  memo?: string | null;
}

/** A shopper's request to send units of their order back. */
export class RequestReturnBody {
  @ReasonField()
  return_authorization_reason_id?: string;

  @MemoField()
  memo?: string | null;

  @ReturnLinesField()
  return_items: ReturnLineInput[];
}
