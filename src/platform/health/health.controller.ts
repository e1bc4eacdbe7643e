import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { QueuePort } from '../queue/queue.port.js';

const CHECK_TIMEOUT_MS = 2000;

type CheckResult = 'up' | 'down';

async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('Operations')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: QueuePort,
  ) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Liveness and readiness: 200 when the database and the queue backend answer',
  })
  async health() {
    const [database, queue] = await Promise.all([
      check(() => this.dataSource.query('SELECT 1')),
      check(() => this.queue.ping()),
    ]);
    const checks = { database, queue };
    const failing = Object.entries(checks)
      .filter(([, state]) => state === 'down')
      .map(([name]) => name);
    if (failing.length) {
      throw new StoreError('service_unavailable', `Unavailable: ${failing.join(', ')}`, {
        checks,
        failing,
      });
    }
    return { status: 'ok', checks, queue_backend: this.queue.backend };
  }
}
