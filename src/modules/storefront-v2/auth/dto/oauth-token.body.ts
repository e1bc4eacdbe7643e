import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { isEmailProvider, normalizeEmailInput } from '../../../customers/index.js';
import { OptionalNullable } from '../../../../common/dto/presence.js';

export const PASSWORD_GRANT = 'password';
export const REFRESH_TOKEN_GRANT = 'refresh_token';

/**
 * A grant's fields are only asked for when it names the `email` provider (or none); one that is
 * sent is checked whatever the grant (null is never a value).
 */
const isGrant = (grant: string) => (body: OAuthTokenBody, value: unknown) =>
  value !== undefined || (body.grant_type === grant && isEmailProvider(body.provider));

/** An OAuth 2 token request as the v2 client sends it (`authentication.getToken/refreshToken`). */
export class OAuthTokenBody {
  @ApiProperty({
    enum: [PASSWORD_GRANT, REFRESH_TOKEN_GRANT],
    description: 'Any other grant is 400 parameter_invalid',
  })
  @IsString()
  @MaxLength(100)
  grant_type: string;

  @ApiPropertyOptional({ description: 'The customer’s e-mail (password grant)' })
  @Transform(({ value }: { value: unknown }) => normalizeEmailInput(value))
  @ValidateIf(isGrant(PASSWORD_GRANT))
  @IsString()
  @MaxLength(1000)
  username?: string;

  @ApiPropertyOptional({ description: 'Password grant' })
  @ValidateIf(isGrant(PASSWORD_GRANT))
  @IsString()
  @MaxLength(1000)
  password?: string;

  @ApiPropertyOptional({ description: 'Refresh-token grant (`rt_…`)' })
  @ValidateIf(isGrant(REFRESH_TOKEN_GRANT))
  @IsString()
  @MaxLength(1000)
  refresh_token?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Only `email` (or none) is known; anything else is 400 invalid_provider',
  })
  @OptionalNullable()
  provider?: unknown;
}
