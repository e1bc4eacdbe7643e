import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, ValidateIf } from 'class-validator';
import { AddressBody } from './address.body.js';

const WhenSent = () => ValidateIf((_: object, value: unknown) => value !== undefined);

/** An address book entry: the address, and whether it becomes the customer's default. */
export class AddressBookEntryBody extends AddressBody {
  @ApiPropertyOptional({
    type: Boolean,
    description: 'true makes it the default billing address; false stops it being the default',
  })
  @WhenSent()
  @IsBoolean()
  is_default_billing?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'true makes it the default shipping address; false stops it being the default',
  })
  @WhenSent()
  @IsBoolean()
  is_default_shipping?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    enum: [false],
    description: 'Only false: every saved address is a whole, validated address',
  })
  @WhenSent()
  @IsIn([false], {
    message: 'quick_checkout addresses are not offered; send the whole address',
  })
  quick_checkout?: boolean;
}
