import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional, OptionalNullable } from '../../../../common/dto/presence.js';

/** A draft order's coupon code, matched trimmed in any case; `nullable`: `null` means something. */
export const CouponCodeField = (description: string, options: { nullable: boolean }) =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: options.nullable,
      maxLength: 255,
      example: 'WELCOME10',
      description,
    }),
    options.nullable ? OptionalNullable() : Optional(),
    IsString(),
    MaxLength(255),
  );
