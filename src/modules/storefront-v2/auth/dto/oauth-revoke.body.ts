import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** An OAuth 2 revocation request (`authentication.revokeToken`). */
export class OAuthRevokeBody {
  @ApiProperty({ description: 'A refresh token (`rt_…`) or an access token' })
  @IsString()
  @MaxLength(2000)
  token: string;
}
