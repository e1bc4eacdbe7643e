import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../src/common/pagination/pagination.query.js';
import { CurrentStore, RequireScope } from '../../src/modules/auth/index.js';
import type { StoreContext } from '../../src/modules/stores/index.js';
import { Idempotent } from '../../src/platform/http/idempotency/idempotent.decorator.js';
import { BrandService } from './brand.service.js';
import { CreateBrandBody, UpdateBrandBody } from './dto/brand.body.js';

/** Brands are catalogue data: they go with the products scopes. */
@ApiTags('Admin: brands')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin/brands')
export class AdminBrandsController {
  constructor(private readonly brands: BrandService) {}

  @Post()
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Create a brand; `featured: true` also publishes brand.featured' })
  create(@CurrentStore() store: StoreContext, @Body() body: CreateBrandBody) {
    return this.brands.create(store, body);
  }

  @Get()
  @RequireScope('read_products')
  @ApiOperation({ summary: 'List brands by name' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.brands.list(store, query);
  }

  @Get(':id')
  @RequireScope('read_products')
  @ApiOperation({ summary: 'One brand, by `brand_…` id' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.brands.show(store, id);
  }

  @Patch(':id')
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Change a brand' })
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdateBrandBody,
  ) {
    return this.brands.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_products')
  @ApiOperation({ summary: 'Delete a brand' })
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    await this.brands.remove(store, id);
  }
}
