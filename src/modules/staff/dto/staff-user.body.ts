import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { RoleIdField, StaffEmailField, StaffPasswordField } from './staff-fields.js';
import { Optional } from '../../../common/dto/presence.js';

export class CreateStaffUserBody {
  @StaffEmailField()
  email: string;

  /** Without one, the user is invited by e-mail and chooses it. */
  @StaffPasswordField({ required: false })
  password?: string;

  @RoleIdField({ required: true })
  role_id: string;
}

export class UpdateStaffUserBody {
  @RoleIdField({ required: false })
  role_id?: string;

  @ApiPropertyOptional({
    description:
      '`false` deactivates the user (it cannot sign in; its sessions end), `true` reactivates it',
  })
  @Optional()
  @IsBoolean()
  active?: boolean;
}
