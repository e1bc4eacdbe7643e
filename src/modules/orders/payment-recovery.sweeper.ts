import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { PeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { HeldPaymentRecovery } from './held-payment-recovery.js';
import { PaymentOperationRecovery } from './payment-operations/payment-operation-recovery.js';

/**
 * A holder's lease outlives its holder by at most `HOLD_LEASE`: sweeping every few seconds
 * finishes what a crash left within seconds of the lease running out, through a partial index of
 * the held payments.
 */
const SWEEP_EVERY_MS = 5_000;
const BATCH = 50;

/**
 * Finishes card payments whose holder died (their lease ran out; see `HeldPaymentRecovery`),
 * for carts no one completes again, and staff's gateway operations left pending (see
 * `PaymentOperationRecovery`): in worker processes, a batch every few seconds. Sweepers
 * side by side never take the same payment.
 */
@Injectable()
export class PaymentRecoverySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('PaymentRecovery');
  private readonly periodic = new PeriodicTask<number>(SWEEP_EVERY_MS, () => this.sweepOnce());

  constructor(
    private readonly recovery: HeldPaymentRecovery,
    private readonly operations: PaymentOperationRecovery,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /**
   * Finishes one batch of payments, and one of staff's gateway operations, whose lease ran out
   * more than `grace` ago; answers how many. Nothing whose holder lives is ever taken.
   */
  sweepOnce(grace = '0 seconds'): Promise<number> {
    return this.periodic.runExclusive(async () => {
      const payments = await this.recovery
        .recover({ grace, limit: BATCH })
        .catch((error: unknown) => this.failed(error));
      const operations = await this.operations
        .recover(grace, BATCH)
        .catch((error: unknown) => this.failed(error));
      return payments + operations;
    });
  }

  private failed(error: unknown): number {
    this.logger.warn(`Payment recovery sweep failed: ${String(error)}`);
    return 0;
  }
}
