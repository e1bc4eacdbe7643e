import { randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { publicIdCodecFor } from '../../../common/ids/public-id.js';
import type { AppConfig } from '../../../config/index.js';
import { PasswordHasher } from '../../auth/index.js';
import { Role } from '../../auth/index.js';
import type { Scope } from '../../auth/index.js';
import { StaffUser } from '../../auth/index.js';
import { ADMIN_ROLE, OperatorInputError, type StaffCommandInput } from './operator-input.js';
import { storeKeyOf } from './operator-store.js';
import { normalizeStaffEmail } from '../staff-users.repository.js';

export interface CreatedStaffUserOutput {
  id: string;
  email: string;
  role: string;
  scopes: string[];
  store_id: string;
  /** Only when it was generated: the one time it is shown. */
  password?: string;
}

const ADMIN_SCOPES: Scope[] = ['write_all'];

const sameScopes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The store's role of that name, created when missing (`admin` means `write_all`). */
async function roleFor(
  manager: EntityManager,
  storeId: string,
  input: StaffCommandInput,
): Promise<Role> {
  const existing = await manager.findOne(Role, { where: { storeId, name: input.roleName } });
  if (existing) {
    if (input.scopes && !sameScopes(existing.scopes, input.scopes)) {
      throw new OperatorInputError(
        `Role ${input.roleName} already exists with scopes ${existing.scopes.join(',') || '(none)'}: leave out --scopes to use it`,
      );
    }
    return existing;
  }
  const scopes = input.scopes ?? (input.roleName === ADMIN_ROLE ? ADMIN_SCOPES : undefined);
  if (!scopes) {
    throw new OperatorInputError(
      `Role ${input.roleName} does not exist in ${input.storePublicId}: give --scopes to create it`,
    );
  }
  return manager.save(manager.create(Role, { storeId, name: input.roleName, scopes }));
}

/** `store-cli staff create`: a staff user (and its role when new), in one transaction. */
export async function createStaffUserCommand(
  dataSource: DataSource,
  config: AppConfig,
  input: StaffCommandInput,
): Promise<CreatedStaffUserOutput> {
  const ids = publicIdCodecFor(config.ID_ALPHABET);
  const email = normalizeStaffEmail(input.email);
  const generated =
    input.password === undefined ? randomBytes(18).toString('base64url') : undefined;
  const passwordDigest = await new PasswordHasher(config).hash(input.password ?? generated!);
  const { user, role } = await dataSource.transaction(async (manager) => {
    const storeId = await storeKeyOf(manager, ids, input.storePublicId);
    const role = await roleFor(manager, storeId, input);
    if (await manager.exists(StaffUser, { where: { storeId, email } })) {
      throw new OperatorInputError(
        `A staff user with e-mail ${email} already exists in ${input.storePublicId}`,
      );
    }
    const user = await manager.save(
      manager.create(StaffUser, { storeId, email, passwordDigest, roleId: role.id }),
    );
    return { user, role };
  });
  return {
    id: ids.encode(ID_PREFIX.staffUser, user.id),
    email: user.email,
    role: role.name,
    scopes: role.scopes,
    store_id: input.storePublicId,
    ...(generated ? { password: generated } : {}),
  };
}
