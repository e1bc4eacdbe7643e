import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/index.js';
import { PublicIdCodec, publicIdCodecFor } from './ids/public-id.js';

@Global()
@Module({
  providers: [
    {
      provide: PublicIdCodec,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => publicIdCodecFor(config.ID_ALPHABET),
    },
  ],
  exports: [PublicIdCodec],
})
export class CommonModule {}
