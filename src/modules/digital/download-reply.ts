import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { bearerToken } from '../auth/index.js';
import type { DigitalDownloadsService, DownloadableFile } from './digital-downloads.service.js';

/**
 * Answers a download request for a link token, whichever API it came through: GET counts one
 * download and sends the file, HEAD checks the link without counting. A customer token, if
 * sent, must be the buyer's.
 */
export async function answerDownload(
  downloads: DigitalDownloadsService,
  token: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Buffer | Readable> {
  const bearer = bearerToken(request);
  if (request.method === 'HEAD') {
    describe(reply, await downloads.inspect(token, bearer));
    // A stream, so that Fastify keeps the Content-Length of the file for the empty HEAD body.
    return Readable.from([]);
  }
  const file = await downloads.download(token, bearer);
  describe(reply, file);
  return file.body;
}

/** The headers of a file download: its type, name, size and checksum, never cached. */
function describe(reply: FastifyReply, file: DownloadableFile): void {
  void reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.filename, { type: 'attachment' }))
    .header('content-length', file.byteSize)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('etag', `"${file.checksum}"`);
}
