export { Channel } from './channel.entity.js';
export { ChannelsModule } from './channels.module.js';
export { createDefaultChannel, DEFAULT_CHANNEL_CODE } from './default-channel.js';
export { CHANNEL_HEADER, StoreChannels } from './store-channels.js';
