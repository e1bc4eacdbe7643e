import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAdminAccess } from '../../../platform/openapi/api-docs.decorators.js';
import { RequireScope } from '../../auth/index.js';
import { ACTION_SPECS, RULE_SPECS } from '../input/part-specs.js';
import { partTypeView, type PartTypeView } from '../serializers/preference-schema.js';

const listOf = (specs: typeof RULE_SPECS): { data: PartTypeView[] } => ({
  data: specs.map(partTypeView),
});

@ApiTags('Admin: promotions')
@ApiAdminAccess()
@Controller('api/v3/admin')
export class AdminPromotionTypesController {
  @Get('promotion_rules/types')
  @RequireScope('read_promotions')
  @ApiOperation({ summary: 'The rule types a promotion can have, with their preferences' })
  ruleTypes(): { data: PartTypeView[] } {
    return listOf(RULE_SPECS);
  }

  @Get('promotion_actions/types')
  @RequireScope('read_promotions')
  @ApiOperation({ summary: 'The action types a promotion can have, with their preferences' })
  actionTypes(): { data: PartTypeView[] } {
    return listOf(ACTION_SPECS);
  }
}
