import { setTimeout as sleep } from 'node:timers/promises';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Module,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { StoreError } from '../../src/common/errors/store-error.js';
import { AdminSessionRoute, RequireScope } from '../../src/modules/auth/access.decorators.js';
import { IpRateLimit } from '../../src/platform/http/rate-limit/rate-limit.decorator.js';
import { Idempotent } from '../../src/platform/http/idempotency/idempotent.decorator.js';

const calls = new Map<string, number>();

/** How many times the probe handlers ran for `counter`, over every app of the test file. */
export function probeCalls(counter: string): number {
  return calls.get(counter) ?? 0;
}

function countCall(counter: string): number {
  const count = probeCalls(counter) + 1;
  calls.set(counter, count);
  return count;
}

class CounterBody {
  /** Names the tally this call adds to: tests use a fresh name each. */
  @IsString()
  counter: string;

  @IsOptional()
  @IsString()
  note?: string;

  /** Keeps the handler busy, so that concurrent requests overlap. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(5000)
  delay_ms?: number;
}

const OUTCOMES = ['not_found', 'conflict', 'crash'] as const;

class FailingBody {
  @IsString()
  counter: string;

  @IsIn(OUTCOMES)
  outcome: (typeof OUTCOMES)[number];
}

class CounterQuery {
  @IsString()
  counter: string;
}

async function tally(body: CounterBody) {
  const call = countCall(body.counter);
  if (body.delay_ms) await sleep(body.delay_ms);
  return { counter: body.counter, call, note: body.note ?? null };
}

/** Store API routes that exist only in the rate-limit and idempotency tests. */
@Idempotent()
@Controller('api/v3/store/policies-probe')
class StorePoliciesProbeController {
  @Post('sign-in')
  @IpRateLimit('login')
  signIn(@Body() body: CounterBody) {
    return tally(body);
  }

  @Post('register')
  @IpRateLimit('registration')
  register(@Body() body: CounterBody) {
    return tally(body);
  }

  @Post('counter')
  create(@Body() body: CounterBody) {
    return tally(body);
  }

  @Put('counter')
  replace(@Body() body: CounterBody) {
    return tally(body);
  }

  @Patch('counter')
  update(@Body() body: CounterBody) {
    return tally(body);
  }

  @Delete('counter')
  @HttpCode(204)
  async remove(@Query() query: CounterQuery): Promise<void> {
    countCall(query.counter);
  }

  @Get('counter')
  read(@Query() query: CounterQuery) {
    return { counter: query.counter, call: countCall(query.counter) };
  }

  @Post('failing')
  fail(@Body() body: FailingBody): never {
    countCall(body.counter);
    if (body.outcome === 'not_found') throw StoreError.notFound('probe');
    if (body.outcome === 'conflict') throw new StoreError('cart_already_updated', 'Try again');
    throw new Error('the probe crashed');
  }
}

/** Admin API routes of the same tests. */
@Idempotent()
@Controller('api/v3/admin/policies-probe')
class AdminPoliciesProbeController {
  @Get('ping')
  @RequireScope('read_products')
  ping() {
    return { pong: true };
  }

  @Post('session')
  @AdminSessionRoute()
  @IpRateLimit('login')
  session(@Body() body: CounterBody) {
    return tally(body);
  }
}

@Module({ controllers: [StorePoliciesProbeController, AdminPoliciesProbeController] })
export class PoliciesProbeModule {}
