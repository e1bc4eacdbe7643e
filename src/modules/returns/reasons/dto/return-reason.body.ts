import { FlagField, NameField } from '../../../../common/dto/settings-fields.js';

export class CreateReturnReasonBody {
  @NameField({ required: true })
  name: string;

  @FlagField({ description: 'Whether shoppers and staff may choose it; default true' })
  active?: boolean;
}

export class UpdateReturnReasonBody {
  @NameField()
  name?: string;

  @FlagField({ description: 'Whether shoppers and staff may choose it' })
  active?: boolean;
}
