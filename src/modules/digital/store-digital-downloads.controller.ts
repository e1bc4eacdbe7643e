import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { UrlTokenRoute } from '../auth/index.js';
import { DigitalDownloadsService } from './digital-downloads.service.js';
import { answerDownload } from './download-reply.js';

@ApiTags('Store: digital downloads')
@Controller('api/v3/store/digitals')
export class StoreDigitalDownloadsController {
  constructor(private readonly downloads: DigitalDownloadsService) {}

  @Get(':token')
  @UrlTokenRoute()
  @ApiSecurity({})
  @ApiBearerAuth('jwt')
  @ApiResponse({
    status: 200,
    description: 'The file, with its content type and a Content-Disposition naming it',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrors(
    'download_unauthorized',
    'digital_link_expired',
    'attachment_missing',
    'download_limit_exceeded',
  )
  @ApiOperation({
    summary: 'Download a purchased file; the `download_url` of a placed order carries the token',
    description:
      'No API key: the token is the credential. A customer token, if sent, must be the buyer’s. ' +
      'Each GET counts one download (HEAD checks the link without counting). 403 ' +
      '`download_unauthorized` (order not paid, canceled or returned; another customer), ' +
      '`digital_link_expired`, `attachment_missing`, `download_limit_exceeded`; unknown token: 404.',
  })
  async download(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | Readable> {
    return answerDownload(this.downloads, token, request, reply);
  }
}
