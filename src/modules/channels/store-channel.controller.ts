import { Controller, Get, Headers } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreError } from '../../common/errors/store-error.js';
import {
  ApiPublishableKeyAccess,
  ApiResource,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { ChannelSerializer } from './channel.serializer.js';
import { CHANNEL_HEADER, StoreChannels } from './store-channels.js';

@ApiTags('Store: channel')
@ApiPublishableKeyAccess()
@Controller('api/v3/store/channel')
export class StoreChannelController {
  constructor(
    private readonly channels: StoreChannels,
    private readonly serializer: ChannelSerializer,
  ) {}

  @Get()
  @ApiResource('Channel')
  @ApiHeader({
    name: 'X-Store-Channel',
    required: false,
    description: 'Channel code or `ch_…` id; an unknown or inactive one means the default',
  })
  @ApiOperation({
    summary:
      'The channel this request is made through: the one X-Store-Channel names, else the default',
  })
  async show(
    @CurrentStore() store: StoreContext,
    @Headers(CHANNEL_HEADER) requested: string | undefined,
  ) {
    const channel = await this.channels.resolve(store.storeId, requested);
    if (!channel) throw StoreError.notFound('channel');
    return this.serializer.forStorefront(channel);
  }
}
