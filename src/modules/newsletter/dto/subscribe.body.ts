import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';
import { EmailField } from '../../customers/index.js';

/** `POST /newsletter_subscribers` and `/request_unsubscribe`. */
export class NewsletterEmailBody {
  @EmailField({ required: true })
  email: string;

  @ApiPropertyOptional({
    format: 'uri',
    description:
      'A page of the store’s site the e-mailed token is appended to; any other is left out of the e-mail',
  })
  @Optional()
  @IsString()
  @MaxLength(2000)
  redirect_url?: string;
}
