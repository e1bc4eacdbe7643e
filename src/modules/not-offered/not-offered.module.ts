import { Module } from '@nestjs/common';
import { StorefrontNotOfferedController } from './storefront-not-offered.controller.js';

/** Plain answers to the storefront clients' calls for features the store does not offer. */
@Module({ controllers: [StorefrontNotOfferedController] })
export class NotOfferedModule {}
