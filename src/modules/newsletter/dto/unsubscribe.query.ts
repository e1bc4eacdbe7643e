import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';

/** `DELETE /newsletter_subscribers/:id?token=`. */
export class UnsubscribeQuery {
  @ApiPropertyOptional({
    description: 'The token of the unsubscribe e-mail; not needed by the signed-in owner',
  })
  @Optional()
  @IsString()
  @MaxLength(200)
  token?: string;
}
