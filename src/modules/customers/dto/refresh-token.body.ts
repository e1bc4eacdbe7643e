import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

export class RefreshTokenBody {
  @ApiProperty({ description: 'The refresh token of a sign-in (`rt_…`)' })
  @IsString()
  @MaxLength(1000)
  refresh_token: string;
}
