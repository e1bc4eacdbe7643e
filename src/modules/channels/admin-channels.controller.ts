import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../common/pagination/pagination.query.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminChannelsService } from './admin-channels.service.js';
import { CreateChannelBody, UpdateChannelBody } from './dto/admin-channel.body.js';

@ApiTags('Admin: channels')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/channels')
export class AdminChannelsController {
  constructor(private readonly channels: AdminChannelsService) {}

  @Get()
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'The store’s sales channels, oldest first' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.channels.list(store, query);
  }

  @Post()
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Add a sales channel',
    description:
      '`code` is made URL-safe and, when left out, made from `name`; a code the store has is 422 on `code`.',
  })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreateChannelBody) {
    return this.channels.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_settings')
  @ApiOperation({ summary: 'One channel, by `ch_…` id' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.channels.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Rename a channel, change its code, (de)activate it or make it the default',
    description:
      'The default channel stays active and stays the default until another one is made the default (422 otherwise).',
  })
  @ApiErrors('validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateChannelBody,
  ) {
    return this.channels.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_settings')
  @ApiOperation({
    summary: 'Delete a channel',
    description:
      'Orders placed through it keep no channel. The default channel cannot be deleted (422 on `default`).',
  })
  @ApiErrors('validation_error')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    await this.channels.remove(store, id);
  }
}
