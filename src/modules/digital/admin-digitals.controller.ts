import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { CurrentStore, RequireScope } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { AdminDigitalsService } from './admin-digitals.service.js';

@ApiTags('Admin: digital downloads')
@ApiSecurity('secret-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/admin/digitals')
export class AdminDigitalsController {
  constructor(private readonly digitals: AdminDigitalsService) {}

  @Get(':id')
  @RequireScope('read_products')
  @ApiOperation({ summary: 'One file, by `dig_…` id (never its bytes)' })
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.digitals.show(store, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_products')
  @ApiOperation({
    summary: 'Delete a file; links already issued answer 403 `attachment_missing`',
  })
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    await this.digitals.remove(store, id);
  }
}
