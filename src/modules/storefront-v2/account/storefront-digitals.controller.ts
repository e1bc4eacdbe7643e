import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { answerDownload, DigitalDownloadsService } from '../../digital/index.js';

/** Purchased files, downloaded with the token of their link (the same links as the v3 API's). */
@ApiTags('Storefront v2: account')
@Controller('api/v2/storefront/digitals')
export class StorefrontDigitalsController {
  constructor(private readonly downloads: DigitalDownloadsService) {}

  @Get(':token')
  @ApiResponse({
    status: 200,
    description: 'The file, with its content type and a Content-Disposition naming it',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({
    summary:
      'Download a purchased file; the same rules and counts as `GET /api/v3/store/digitals/{token}`',
  })
  async download(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | Readable> {
    return answerDownload(this.downloads, token, request, reply);
  }
}
