import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, IsUrl, MaxLength } from 'class-validator';
import { LockedBody } from '../../dto/cart.body.js';
import { Optional } from '../../../../common/dto/presence.js';

export class ShipFulfillmentBody extends LockedBody {
  @ApiPropertyOptional({ description: 'The carrier tracking number', maxLength: 255 })
  @Optional()
  @IsString()
  @MaxLength(255)
  tracking?: string;

  @ApiPropertyOptional({
    description: 'Where the shopper follows the parcel (http or https)',
    format: 'uri',
    maxLength: 2048,
  })
  @Optional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'tracking_url must be an http or https URL' },
  )
  @MaxLength(2048)
  tracking_url?: string;
}
