import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** `POST /newsletter_subscribers/verify`. */
export class VerifyNewsletterBody {
  @ApiProperty({ description: 'The token of the confirmation e-mail' })
  @IsString()
  @MaxLength(200)
  token: string;
}
