import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { decimalText } from './decimal-amount.js';
import { Optional } from '../dto/presence.js';

/**
 * An amount of money as the client sends it: a decimal string (`"10.50"`) or a JSON number,
 * taken by its decimal spelling. Its scale is checked against the currency later
 * (`positiveAmount`). Optional unless `required`.
 */
export const AmountField = (description: string, { required = false } = {}) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      oneOf: [
        { type: 'string', example: '10.50' },
        { type: 'number', example: 10.5 },
      ],
      description,
    }),
    ...(required ? [] : [Optional()]),
    ValidateBy({
      name: 'isDecimalAmount',
      validator: {
        validate: (value: unknown) => decimalText(value) !== undefined,
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be a non-negative decimal amount, as a string ("10.50") or a number`,
      },
    }),
  );
