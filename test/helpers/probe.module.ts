import { Body, Controller, Get, Module, Post, Query } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  IsDefined,
  IsEmail,
  IsInt,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';

class ProbeAddress {
  @IsString()
  city: string;
}

class ProbeBody {
  @IsEmail()
  email: string;

  @IsInt()
  @Min(1)
  quantity: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => ProbeAddress)
  address?: ProbeAddress;
}

class ProbeQuery {
  @IsDefined()
  @IsString()
  required: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Max(10)
  count?: number;
}

/**
 * Routes that exist only in tests, to drive the global validation pipe and error filter
 * through the real HTTP stack with inputs no production route takes yet.
 */
@Controller('test-probe')
class ProbeController {
  @Post()
  echo(@Body() body: ProbeBody) {
    return body;
  }

  @Get('query')
  query(@Query() query: ProbeQuery) {
    return query;
  }

  @Get('crash')
  crash(): never {
    throw new Error('connection to db-internal.example:5432 failed for user=shop password=hunter2');
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
