import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsObject, ValidateNested } from 'class-validator';
import {
  RegisterCustomerBody,
  RequestPasswordResetBody,
  ResetPasswordBody,
  UpdateProfileBody,
} from '../../../customers/index.js';

/** A v2 account write: the v3 body of the same operation, under `user`. */
function underUser<T extends object>(body: new () => T) {
  class UnderUser {
    @ApiProperty({ type: body })
    @IsDefined()
    @IsObject()
    @ValidateNested()
    @Type(() => body)
    user: T;
  }
  return UnderUser;
}

export class AccountCreateBody extends underUser(RegisterCustomerBody) {}
export class AccountUpdateBody extends underUser(UpdateProfileBody) {}
export class ForgotPasswordBody extends underUser(RequestPasswordResetBody) {}
export class PasswordResetBody extends underUser(ResetPasswordBody) {}
