import type { Scope } from '../../auth/index.js';
import { RoleNameField, ScopeListField } from './staff-fields.js';

export class CreateRoleBody {
  @RoleNameField({ required: true })
  name: string;

  @ScopeListField({ required: true })
  scopes: Scope[];
}

export class UpdateRoleBody {
  @RoleNameField({ required: false })
  name?: string;

  @ScopeListField({ required: false })
  scopes?: Scope[];
}
