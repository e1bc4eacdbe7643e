import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsObject, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';

/** A store's change to its e-mail branding and the mails it sends; null clears a field. */
export class UpdateEmailSettingsBody {
  @ApiPropertyOptional({
    type: 'string',
    format: 'email',
    nullable: true,
    description: "Where replies go; null: the store's customer_support_email",
  })
  @OptionalNullable()
  @IsEmail({}, { message: 'reply_to must be an email address' })
  reply_to?: string | null;

  @ApiPropertyOptional({ type: 'string', format: 'uri', nullable: true, maxLength: 2_000 })
  @OptionalNullable()
  @IsUrl(
    { protocols: ['https'], require_protocol: true },
    { message: 'logo_url must be an https:// URL' },
  )
  @MaxLength(2_000)
  logo_url?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, example: '#1f6feb' })
  @OptionalNullable()
  @IsString()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'accent_color must be a colour as #rrggbb' })
  accent_color?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, maxLength: 1_000 })
  @OptionalNullable()
  @IsString()
  @MaxLength(1_000)
  footer_text?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'boolean' },
    example: { shipment_shipped: false },
    description: 'Mails to turn on (true) or off (false), by name; the others stay as they are',
  })
  @Optional()
  @IsObject()
  mails?: Record<string, unknown>;
}
