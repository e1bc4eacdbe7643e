import { Controller, Get, Header, Logger, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { toErrorResponse } from '../http/error-response.js';
import { StateChangeLog } from '../logging/state-change-log.js';
import { QueuePort } from '../queue/queue.port.js';
import { connectionFailure } from './connection-failure.js';

const CHECK_TIMEOUT_MS = 2000;

type CheckResult = { state: 'up' } | { state: 'down'; reason: string };

async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return { state: 'up' };
  } catch (error) {
    return { state: 'down', reason: connectionFailure(error, CHECK_TIMEOUT_MS).reason };
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('Operations')
@Controller('health')
export class HealthController {
  /** Probes come every few seconds: a dependency going down or back is logged once, not per probe. */
  private readonly states = new StateChangeLog(new Logger('Health'));

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: QueuePort,
  ) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Liveness and readiness: 200 when the database and the queue backend answer',
  })
  async health(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    const [database, queue] = await Promise.all([
      check(() => this.dataSource.query('SELECT 1')),
      check(() => this.queue.ping()),
    ]);
    const results = { database, queue };
    for (const [name, result] of Object.entries(results)) {
      if (result.state === 'up') this.states.up(name);
      else this.states.failed(name, result.reason);
    }
    const checks = { database: database.state, queue: queue.state };
    const failing = Object.entries(checks)
      .filter(([, state]) => state === 'down')
      .map(([name]) => name);
    if (!failing.length) return { status: 'ok', checks, queue_backend: this.queue.backend };
    // Answered here rather than thrown: the exception filter logs a 5xx with its stack, and a
    // dependency down is not the service's fault (the state change above is its log line).
    const { status, body } = toErrorResponse(
      new StoreError('service_unavailable', `Unavailable: ${failing.join(', ')}`, {
        checks,
        failing,
      }),
      request.id,
    );
    void reply.status(status);
    return body;
  }
}
