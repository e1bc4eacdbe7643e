import { Module } from '@nestjs/common';
import { AdminChannelsController } from './admin-channels.controller.js';
import { AdminChannelsService } from './admin-channels.service.js';
import { ChannelSerializer } from './channel.serializer.js';
import { StoreChannelController } from './store-channel.controller.js';
import { StoreChannels } from './store-channels.js';

/** Sales channels: the one a Store API request is made through, and staff management. */
@Module({
  controllers: [StoreChannelController, AdminChannelsController],
  providers: [StoreChannels, ChannelSerializer, AdminChannelsService],
  exports: [StoreChannels],
})
export class ChannelsModule {}
