import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { StaffPasswordField } from './staff-fields.js';

export class AcceptStaffInvitationBody {
  @ApiProperty({ description: 'The invitation token from the e-mail (`inv_…`)' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;

  @StaffPasswordField({ required: true })
  password: string;
}
