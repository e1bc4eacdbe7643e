import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../../config/index.js';
import { WebhookTargetPolicy } from '../../webhooks/index.js';

/** Why fetching an image by URL gave no image; its message is shown as the media's `failure`. */
export class ImageFetchError extends Error {
  override name = 'ImageFetchError';
}

/**
 * Fetches an image uploaded by URL, under the webhooks' SSRF guard: every address the host
 * resolves to must be public (unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS) and the connection is
 * pinned to the addresses checked. No redirect is followed (its target was never checked); the
 * whole exchange has MEDIA_FETCH_TIMEOUT_MS and the body MEDIA_UPLOAD_MAX_BYTES.
 */
@Injectable()
export class ImageUrlFetcher {
  constructor(
    private readonly config: AppConfig,
    private readonly targets: WebhookTargetPolicy,
  ) {}

  /** On save: a URL that is not http(s) or whose host is not public is a 422 on `url`. */
  assertAcceptable(url: string): Promise<void> {
    return this.targets.assertAcceptable(url);
  }

  async fetch(url: string): Promise<Buffer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.config.MEDIA_FETCH_TIMEOUT_MS);
    try {
      const target = new URL(url);
      const lookup = await this.targets
        .connectionLookup(target.hostname)
        .catch((error: unknown) => {
          throw new ImageFetchError(`The URL's host was refused: ${(error as Error).message}`);
        });
      return await this.get(target, lookup, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) {
        throw new ImageFetchError(`No image within ${this.config.MEDIA_FETCH_TIMEOUT_MS} ms`);
      }
      throw error instanceof ImageFetchError
        ? error
        : new ImageFetchError(`The image could not be fetched: ${(error as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
  }

  private get(
    target: URL,
    lookup: LookupFunction | undefined,
    signal: AbortSignal,
  ): Promise<Buffer> {
    const maxBytes = this.config.MEDIA_UPLOAD_MAX_BYTES;
    const transport = target.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.get(
        target,
        { signal, ...(lookup ? { lookup } : {}) },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status !== 200) {
            response.destroy();
            reject(new ImageFetchError(`The URL answered ${status}, not 200`));
            return;
          }
          if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
            response.destroy();
            reject(new ImageFetchError(`The image exceeds the upload limit of ${maxBytes} bytes`));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              response.destroy();
              reject(
                new ImageFetchError(`The image exceeds the upload limit of ${maxBytes} bytes`),
              );
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => resolve(Buffer.concat(chunks, size)));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  }
}
