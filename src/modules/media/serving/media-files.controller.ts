import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { StoreError } from '../../../common/errors/store-error.js';
import { BlobStore } from '../../../platform/blob-store/blob-store.port.js';
import { MEDIA_KEY } from '../media-keys.js';
import { matchesEtag } from './etag-match.js';
import { MediaFileCache } from './media-file-cache.js';

/** A year: what is under a key never changes (the key is made from the bytes). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Media originals and renditions, by blob key, for anyone (storefronts link to them). Only media
 * keys are served (never a digital file's). With a bucket that has a public base URL, media
 * URLs point there, and a request here is redirected to it. Outside the APIs (no key), it is
 * described in docs/media.md rather than the API document.
 */
@ApiExcludeController()
@Controller('media')
export class MediaFilesController {
  constructor(
    private readonly blobs: BlobStore,
    private readonly files: MediaFileCache,
  ) {}

  @Get('*')
  async serve(
    @Param('*') key: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!MEDIA_KEY.test(key)) throw StoreError.notFound('file');
    const publicUrl = this.blobs.publicUrl(key);
    if (publicUrl) {
      await reply.code(301).header('location', publicUrl).header('cache-control', IMMUTABLE).send();
      return;
    }
    const file = await this.files.read(key);
    if (!file) throw StoreError.notFound('file');
    const etag = `"${file.checksum}"`;
    void reply
      .header('etag', etag)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cross-origin-resource-policy', 'cross-origin');
    if (matchesEtag(request.headers['if-none-match'], etag)) {
      if ('body' in file) file.body.destroy();
      await reply.code(304).send();
      return;
    }
    void reply.header('content-type', file.contentType).header('content-length', file.byteSize);
    if (request.method === 'HEAD') {
      if ('body' in file) file.body.destroy();
      // A stream, so that Fastify keeps the Content-Length of the file for the empty HEAD body.
      await reply.send(Readable.from([]));
      return;
    }
    await reply.send('bytes' in file ? file.bytes : file.body);
  }
}
