import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
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
    const signal = AbortSignal.timeout(this.config.WEBHOOK_TIMEOUT_MS);
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const answer = await this.exchange(new URL(url), Buffer.from(body, 'utf8'), headers, signal);
      return { kind: 'answered', ...answer, durationMs: elapsed() };
    } catch (error) {
      return {
        kind: 'unanswered',
        reason: signal.aborted ? 'timeout' : 'connection_error',
        message: signal.aborted
          ? `No answer within ${this.config.WEBHOOK_TIMEOUT_MS} ms`
          : describe(error),
        durationMs: elapsed(),
      };
    }
  }

  onApplicationShutdown(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  private async exchange(
    target: URL,
    body: Buffer,
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<{ status: number; body: string }> {
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new Error(`Unsupported protocol ${target.protocol}`);
    // Resolving the host is part of the exchange: a slow DNS server spends the same timeout.
    const lookup = await untilAborted(this.targets.connectionLookup(target.hostname), signal);
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(body.length) },
          agent: this.agents[target.protocol as 'http:' | 'https:'],
          signal,
          ...(lookup ? { lookup } : {}),
        },
        (response) => {
          readExcerpt(response).then(
            (text) => resolve({ status: response.statusCode ?? 0, body: text }),
            reject,
          );
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}

/** `work`'s result, or the signal's reason as soon as it aborts (the work is left to finish). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Reads at most EXCERPT_MAX_BYTES of the answer, then lets the rest go. */
async function readExcerpt(response: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= EXCERPT_MAX_BYTES) break;
  }
  return responseExcerpt(Buffer.concat(chunks));
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}
