import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedIn } from '../../platform/database/prepared-sql.js';

/**
 * How long a payment stays held (`processing`) without its holder renewing the claim. A holder
 * that lives renews it every `RENEW_EVERY_MS`, so a lease that ran out was left by a process that
 * died (or stopped working on it): the next completion of the cart, or the recovery sweep, takes
 * it over at once.
 */
export const HOLD_LEASE = '10 seconds';
const RENEW_EVERY_MS = 3_000;

/** A new claim's id (`payments.held_by`). */
export function newHoldId(): string {
  return randomUUID();
}

/**
 * A claim's lease while its holder works: renewed in the background (the happy path of a
 * checkout ends well before the first renewal, so it costs no statement), ended by the holder.
 */
export class HoldLease {
  private readonly timer: NodeJS.Timeout;
  private renewing?: Promise<void>;

  constructor(
    /** Sets the end of the lease of what the claim still holds, `interval` from now. */
    private readonly write: (interval: string) => Promise<unknown>,
    readonly holdId: string,
    private readonly logger: Logger,
  ) {
    this.timer = setInterval(() => {
      this.renewing ??= this.leaseFor(HOLD_LEASE).finally(() => (this.renewing = undefined));
    }, RENEW_EVERY_MS);
    this.timer.unref();
  }

  /**
   * Stops renewing. `settled`: nothing is held under the claim any more, so nothing is written.
   * Otherwise what the claim still holds is left to recovery after `retryAfter` (at once by
   * default: the holder gave up on it, as a crashed one would have).
   */
  async end(settled: boolean, retryAfter = '0 seconds'): Promise<void> {
    clearInterval(this.timer);
    // A renewal under way would otherwise write after the end.
    await this.renewing;
    // Should the write fail, the lease runs out by itself.
    if (!settled) await this.leaseFor(retryAfter);
  }

  /** Sets the lease of what the claim still holds to end `interval` from now. */
  private async leaseFor(interval: string): Promise<void> {
    try {
      await this.write(interval);
    } catch (error) {
      this.logger.warn(`Could not write the lease of hold ${this.holdId}: ${String(error)}`);
    }
  }
}

/** Starts the leases of claims this process holds. */
@Injectable()
export class HoldLeases {
  private readonly logger = new Logger('PaymentHolds');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Keeps the claim `holdId` on payments alive until its lease is ended. */
  keep(holdId: string): HoldLease {
    return this.lease(holdId, 'payment_hold_lease', 'payments', 'processing');
  }

  /** Keeps the claim `holdId` on gateway operations (`payment_operations`) alive. */
  keepOperations(holdId: string): HoldLease {
    return this.lease(holdId, 'payment_operation_lease', 'payment_operations', 'pending');
  }

  /** A lease of the rows of `table` the claim holds while they are in `state`. */
  private lease(holdId: string, name: string, table: string, state: string): HoldLease {
    const write = (interval: string) =>
      preparedIn(
        this.dataSource.manager,
        name,
        `UPDATE ${table} SET held_until = now() + $2::interval
         WHERE held_by = $1 AND state = '${state}'`,
        [holdId, interval],
      );
    return new HoldLease(write, holdId, this.logger);
  }
}
