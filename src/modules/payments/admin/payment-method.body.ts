import {
  FlagField,
  NameField,
  OneOfField,
  PositionField,
  TextField,
} from '../../../common/dto/settings-fields.js';
import { PAYMENT_METHOD_TYPES, type PaymentMethodType } from '../payment-method.entity.js';

export class UpdatePaymentMethodBody {
  @NameField()
  name?: string;

  @TextField({ nullable: true })
  description?: string | null;

  @FlagField({ description: 'Inactive methods are not offered to carts' })
  active?: boolean;

  @PositionField()
  position?: number;
}

export class CreatePaymentMethodBody extends UpdatePaymentMethodBody {
  @NameField({ required: true })
  declare name: string;

  @OneOfField(PAYMENT_METHOD_TYPES, {
    required: true,
    description: 'The gateway behind the method; it cannot change later',
  })
  type: PaymentMethodType;
}
