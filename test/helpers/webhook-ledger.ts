import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ReceivedWebhook, verifyWebhook } from './webhook-receiver.js';

export interface LedgerEntry extends ReceivedWebhook {
  /** The envelope `id` (the event id). */
  eventId: string;
  receivedAt: number;
}

/**
 * A real receiver on 127.0.0.1 that keeps a ledger of deliveries by path and envelope id, answers
 * 200 after `delayMs` (or, at a path it `hold`s, only once `release`d), and tracks how many
 * requests it held at once (`peakInFlight`).
 */
export class WebhookLedger {
  readonly entries: LedgerEntry[] = [];
  delayMs = 0;
  inFlight = 0;
  peakInFlight = 0;
  private server!: Server;
  private port = 0;
  /** Paths whose requests are recorded but not answered, with the answers held back. */
  private readonly held = new Map<string, Array<() => void>>();

  static async start(): Promise<WebhookLedger> {
    const ledger = new WebhookLedger();
    ledger.server = createServer((request, response) => {
      ledger.inFlight += 1;
      ledger.peakInFlight = Math.max(ledger.peakInFlight, ledger.inFlight);
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let eventId = '';
        try {
          eventId = String((JSON.parse(body) as { id?: unknown }).id ?? '');
        } catch {
          // recorded with an empty id: the assertions on ids then fail
        }
        ledger.entries.push({
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body,
          eventId,
          receivedAt: Date.now(),
        });
        const answer = () => {
          ledger.inFlight -= 1;
          // The sender may have gone (killed while waiting): nothing to answer then.
          if (!response.destroyed)
            response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        };
        const waiting = ledger.held.get(request.url ?? '');
        if (waiting) waiting.push(answer);
        else setTimeout(answer, ledger.delayMs);
      });
    });
    await new Promise<void>((resolve) => ledger.server.listen(0, '127.0.0.1', resolve));
    ledger.port = (ledger.server.address() as AddressInfo).port;
    return ledger;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  at(path: string): LedgerEntry[] {
    return this.entries.filter((entry) => entry.path === path);
  }

  /** How many times each envelope id reached `path`. */
  countsAt(path: string): Map<string, number> {
    const counts = new Map<string, number>();
    for (const entry of this.at(path))
      counts.set(entry.eventId, (counts.get(entry.eventId) ?? 0) + 1);
    return counts;
  }

  /** The deliveries at `path` whose signature does not verify under `secret`. */
  forgedAt(path: string, secret: string): LedgerEntry[] {
    return this.at(path).filter((entry) => !verifyWebhook(entry, secret));
  }

  /** Requests at `path` are recorded at once but answered only when it is released. */
  hold(path: string): void {
    if (!this.held.has(path)) this.held.set(path, []);
  }

  /** Answers every request held at `path`, and the next ones as usual. */
  release(path: string): void {
    const waiting = this.held.get(path) ?? [];
    this.held.delete(path);
    for (const answer of waiting) answer();
  }

  resetPeak(): void {
    this.peakInFlight = this.inFlight;
  }

  async close(): Promise<void> {
    for (const path of [...this.held.keys()]) this.release(path);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
