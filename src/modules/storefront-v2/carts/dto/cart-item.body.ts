import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Length, MaxLength } from 'class-validator';
import { LockedBody } from '../../../orders/index.js';
import { Optional } from '../../../../common/dto/presence.js';

export class LineQuantityBody extends LockedBody {
  @ApiPropertyOptional({ description: 'The line item (`li_…`; required)' })
  @IsString()
  @MaxLength(64)
  line_item_id: string;

  /** Checked by the service so that a bad quantity answers `invalid_quantity`. */
  @ApiPropertyOptional({ description: 'A positive integer (required)' })
  @Optional()
  quantity?: unknown;
}

export class ChangeCurrencyBody extends LockedBody {
  @ApiPropertyOptional({ description: "One of the store's currencies (required)" })
  @IsString()
  @Length(3, 3)
  new_currency: string;
}

export class AssociateBody {
  @ApiPropertyOptional({ description: "The guest cart's order token" })
  @Optional()
  @IsString()
  @MaxLength(255)
  guest_order_token?: string;
}
