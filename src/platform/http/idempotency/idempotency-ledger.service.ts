import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { StoreError } from '../../../common/errors/store-error.js';
import { AppConfig } from '../../../config/index.js';
import { type IdempotencyScope, IdempotencyRecords } from './idempotency-records.repository.js';
import { ResponseSealer } from './response-sealer.js';

/** A response as it was sent: status and JSON text (undefined for an empty body). */
export interface RecordedResponse {
  status: number;
  body: string | undefined;
}

export type Admission =
  | { kind: 'claimed'; recordId: string }
  | { kind: 'replay'; response: RecordedResponse }
  /** The first request with the key is still running after the whole wait. */
  | { kind: 'busy' };

const POLL_INTERVAL_MS = 50;

/**
 * The protocol of `Idempotency-Key`: the first request claims the key (an INSERT that only one
 * request can win, on any instance), runs, and records its response; the same request again
 * replays it; a concurrent duplicate waits for the first to finish; the key with another
 * request is 422 `idempotency_key_reused`. Expired and abandoned records count as absent.
 */
@Injectable()
export class IdempotencyLedgerService {
  private readonly sealer: ResponseSealer;
  private readonly waitLimitMs: number;

  constructor(
    config: AppConfig,
    private readonly records: IdempotencyRecords,
  ) {
    this.sealer = new ResponseSealer(config.ENCRYPTION_KEY!);
    this.waitLimitMs = config.IDEMPOTENCY_WAIT_MS;
  }

  async admit(scope: IdempotencyScope): Promise<Admission> {
    const deadline = Date.now() + this.waitLimitMs;
    while (Date.now() < deadline) {
      const recordId = await this.records.claim(scope);
      if (recordId) return { kind: 'claimed', recordId };
      const existing = await this.records.find(scope);
      if (!existing) continue; // released in the meantime: claim it again
      if (existing.expired) {
        await this.records.discardStale(existing.id);
        continue;
      }
      if (existing.fingerprint !== scope.fingerprint) {
        throw new StoreError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request',
        );
      }
      if (existing.status !== null) {
        const body =
          existing.sealedBody === null ? undefined : this.sealer.open(existing.sealedBody);
        return { kind: 'replay', response: { status: existing.status, body } };
      }
      if (existing.abandoned) {
        await this.records.discardStale(existing.id);
        continue;
      }
      await sleep(POLL_INTERVAL_MS);
    }
    return { kind: 'busy' };
  }

  async record(recordId: string, response: RecordedResponse): Promise<void> {
    const sealed = response.body === undefined ? null : this.sealer.seal(response.body);
    await this.records.complete(recordId, response.status, sealed);
  }

  /** Gives the key up without an outcome: the next request with it runs afresh. */
  async release(recordId: string): Promise<void> {
    await this.records.release(recordId);
  }
}
