import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export class ResolveMarketQuery {
  @ApiProperty({ description: 'ISO 3166-1 alpha-2 code of the country', example: 'DE' })
  @IsString()
  @Matches(/^[A-Za-z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 code such as DE' })
  country: string;
}
