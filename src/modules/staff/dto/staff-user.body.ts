import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, ValidateIf } from 'class-validator';
import { RoleIdField, StaffEmailField, StaffPasswordField } from './staff-fields.js';

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
  @ValidateIf((_: object, value: unknown) => value !== undefined)
  @IsBoolean()
  active?: boolean;
}
