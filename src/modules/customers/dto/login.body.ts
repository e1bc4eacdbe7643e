import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { normalizeEmailInput } from '../customer-email.js';
import { OptionalNullable } from '../../../common/dto/presence.js';

export const EMAIL_PROVIDER = 'email';

/** Whether a login names the `email` provider, which is also what naming none (or null) means. */
export function isEmailProvider(provider: unknown): boolean {
  return (provider ?? EMAIL_PROVIDER) === EMAIL_PROVIDER;
}

/** Email and password are only asked for when signing in with the `email` provider. */
const forEmailProvider = (body: LoginBody) => isEmailProvider(body.provider);

export class LoginBody {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    default: EMAIL_PROVIDER,
    description:
      'Only `email` is supported (null means it too); anything else is 400 invalid_provider',
  })
  @OptionalNullable()
  provider?: unknown;

  @ApiProperty({ format: 'email' })
  @Transform(({ value }: { value: unknown }) => normalizeEmailInput(value))
  @ValidateIf(forEmailProvider)
  @IsString()
  @MaxLength(1000)
  email: string;

  @ApiProperty()
  @ValidateIf(forEmailProvider)
  @IsString()
  @MaxLength(1000)
  password: string;
}
