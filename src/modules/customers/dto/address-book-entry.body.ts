import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, ValidateBy } from 'class-validator';
import { AddressBody } from './address.body.js';
import { Optional } from '../../../common/dto/presence.js';

/** An address book entry: the address, and whether it becomes the customer's default. */
export class AddressBookEntryBody extends AddressBody {
  /**
   * Kept in `state_name` (the address holds its state as text). Sent along with a different
   * `state_name`, one of the two would be lost: refused.
   */
  @ApiPropertyOptional({
    type: String,
    description: 'Stored as state_name; sent with a different state_name it is refused',
  })
  @Optional()
  @ValidateBy({
    name: 'agreesWithStateName',
    validator: {
      validate: (value: unknown, args) =>
        value === (args?.object as { state_name?: unknown }).state_name,
      defaultMessage: () => 'state_abbr and state_name name different states; send one of them',
    },
  })
  declare state_abbr?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'true makes it the default billing address; false stops it being the default',
  })
  @Optional()
  @IsBoolean()
  is_default_billing?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'true makes it the default shipping address; false stops it being the default',
  })
  @Optional()
  @IsBoolean()
  is_default_shipping?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    enum: [false],
    description: 'Only false: every saved address is a whole, validated address',
  })
  @Optional()
  @IsIn([false], {
    message: 'quick_checkout addresses are not offered; send the whole address',
  })
  quick_checkout?: boolean;
}
