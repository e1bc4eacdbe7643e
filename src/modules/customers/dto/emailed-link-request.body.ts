import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';
import { EmailField } from './customer-fields.js';

/** A request for an e-mail carrying a one-time token to a customer's address. */
export class EmailedLinkRequestBody {
  @EmailField({ required: true })
  email: string;

  @ApiPropertyOptional({
    description:
      'A page of the store’s own site (same origin as the store URL); the e-mailed link opens it with `token` added to its query',
  })
  @Optional()
  @IsString()
  @MaxLength(2000)
  redirect_url?: string;
}
