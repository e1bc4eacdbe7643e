import { Module } from '@nestjs/common';
import { StoreNotOfferedController } from './store-not-offered.controller.js';

/** Plain answers to the storefront client's calls for features the store does not offer. */
@Module({ controllers: [StoreNotOfferedController] })
export class NotOfferedModule {}
