import { Module } from '@nestjs/common';

/** Cross-cutting request policies: rate limits and idempotency. */
@Module({})
export class HttpPoliciesModule {}
