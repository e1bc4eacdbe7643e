import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type { LookupFunction } from 'node:net';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { responseExcerpt, EXCERPT_MAX_BYTES } from './response-excerpt.js';
import { WebhookTargetPolicy } from './webhook-target-policy.js';

/** What came of one POST: an HTTP answer (any status), or no answer at all. */
export type HttpExchange =
  | { kind: 'answered'; status: number; body: string; durationMs: number }
  | {
      kind: 'unanswered';
      reason: 'timeout' | 'connection_error';
      message: string;
      durationMs: number;
    };

/** Idle kept-alive sockets close before typical servers' own 5 s keep-alive timeout. */
const IDLE_SOCKET_MS = 4_000;

/**
 * POSTs webhook bodies: exact bytes, no redirects followed, one timeout (`WEBHOOK_TIMEOUT_MS`)
 * for the whole exchange, connections only where the target policy allows, kept-alive sockets.
 */
@Injectable()
export class WebhookHttpClient implements OnApplicationShutdown {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };

  constructor(
    private readonly config: AppConfig,
    private readonly targets: WebhookTargetPolicy,
  ) {}

  async post(url: string, body: string, headers: Record<string, string>): Promise<HttpExchange> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const timeoutMs = this.config.WEBHOOK_TIMEOUT_MS;
    // One timer for the whole exchange; on expiry it ends the request, whatever stage it is at.
    let expired = false;
    let request: http.ClientRequest | undefined;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        expired = true;
        request?.destroy();
        reject(new Error('timeout'));
      }, timeoutMs);
    });
    try {
      const target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:')
        throw new Error(`Unsupported protocol ${target.protocol}`);
      // Resolving the host is part of the exchange: a slow DNS server spends the same timeout.
      const lookup = await Promise.race([this.targets.connectionLookup(target.hostname), deadline]);
      const answer = await Promise.race([
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          request = this.send(target, Buffer.from(body, 'utf8'), headers, lookup, resolve, reject);
        }),
        deadline,
      ]);
      return { kind: 'answered', ...answer, durationMs: elapsed() };
    } catch (error) {
      return {
        kind: 'unanswered',
        reason: expired ? 'timeout' : 'connection_error',
        message: expired ? `No answer within ${timeoutMs} ms` : describe(error),
        durationMs: elapsed(),
      };
    } finally {
      clearTimeout(timer);
    }
  }

  onApplicationShutdown(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  private send(
    target: URL,
    body: Buffer,
    headers: Record<string, string>,
    lookup: LookupFunction | undefined,
    resolve: (answer: { status: number; body: string }) => void,
    reject: (error: Error) => void,
  ): http.ClientRequest {
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        agent: this.agents[target.protocol as 'http:' | 'https:'],
        ...(lookup ? { lookup } : {}),
      },
      (response) => readExcerpt(response, resolve, reject),
    );
    request.on('error', reject);
    request.end(body);
    return request;
  }
}

/**
 * Reads at most EXCERPT_MAX_BYTES of the answer, then lets the rest go (the connection with it).
 * An answer cut short by the connection is an error.
 */
function readExcerpt(
  response: http.IncomingMessage,
  resolve: (answer: { status: number; body: string }) => void,
  reject: (error: Error) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const answer = () => ({
    status: response.statusCode ?? 0,
    body: responseExcerpt(Buffer.concat(chunks, size)),
  });
  response.on('data', (chunk: Buffer) => {
    if (size >= EXCERPT_MAX_BYTES) return;
    chunks.push(chunk);
    size += chunk.length;
    if (size < EXCERPT_MAX_BYTES) return;
    resolve(answer());
    response.destroy();
  });
  response.on('end', () => resolve(answer()));
  response.on('error', reject);
  response.on('close', () => {
    if (!response.complete && size < EXCERPT_MAX_BYTES)
      reject(new Error('The connection closed before the answer was complete'));
  });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}
