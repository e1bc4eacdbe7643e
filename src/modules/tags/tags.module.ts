import { Module } from '@nestjs/common';
import { AdminTagsController } from './admin-tags.controller.js';
import { TagNamesService } from './tag-names.service.js';

/** Tags on products, orders and customers: the names in use. */
@Module({ controllers: [AdminTagsController], providers: [TagNamesService] })
export class TagsModule {}
