import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, ValidateNested } from 'class-validator';
import { AddressBookEntryBody } from '../../../customers/index.js';

/** A v2 address write: the address under `address`, in v2 (or v3) field names. */
export class AccountAddressBody {
  @ApiProperty({ type: AddressBookEntryBody })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => AddressBookEntryBody)
  address: AddressBookEntryBody;
}
