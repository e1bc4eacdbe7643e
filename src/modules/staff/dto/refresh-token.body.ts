import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class StaffRefreshTokenBody {
  @ApiProperty({ description: 'The refresh token of the session (`rt_…`)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  refresh_token: string;
}
