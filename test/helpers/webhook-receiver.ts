import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as received. */
  body: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 that records every request (raw body and headers) and answers
 * with a configurable status, or never answers at all (`hang`).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  status = 200;
  responseBody = 'ok';
  hang = false;
  /** Answers are held until this many requests wait, then all are answered (see `gather`). */
  private gathering: { count: number; waiting: ServerResponse[] } | undefined;

  readonly port: number;
  private readonly server: Server;

  private constructor(server: Server) {
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  static async start(): Promise<WebhookReceiver> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new WebhookReceiver(server);
    server.on('request', (request, response) => receiver.record(request, response));
    return receiver;
  }

  private record(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (this.hang) return;
      if (this.gathering) {
        const { count, waiting } = this.gathering;
        waiting.push(response);
        if (waiting.length < count) return;
        this.gathering = undefined;
        for (const held of waiting) this.respond(held);
        return;
      }
      this.respond(response);
    });
  }

  private respond(response: ServerResponse): void {
    response.writeHead(this.status, { 'content-type': 'text/plain' });
    response.end(this.responseBody);
  }

  /** Holds every answer until `count` requests have arrived, then answers them all at once. */
  gather(count: number): void {
    this.gathering = { count, waiting: [] };
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The requests received at `path` (every request when omitted). */
  at(path?: string): ReceivedWebhook[] {
    return path === undefined ? this.received : this.received.filter((r) => r.path === path);
  }

  answer(status: number, body = 'ok'): void {
    this.status = status;
    this.responseBody = body;
    this.hang = false;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const header = (request: ReceivedWebhook, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * What a receiver does with a delivery (as the README shows): recompute the HMAC over
 * `<timestamp>.<raw body>`, compare in constant time, refuse timestamps outside the tolerance.
 */
export function verifyWebhook(
  request: ReceivedWebhook,
  secret: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const timestamp = header(request, 'x-store-webhook-timestamp') ?? '';
  const signature = header(request, 'x-store-webhook-signature') ?? '';
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (!/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
