import { isEmail } from 'class-validator';
import { API_KEY_TYPES, type ApiKeyType } from '../../auth/index.js';
import { isScope, type Scope, SCOPE_RESOURCES } from '../../auth/index.js';

/** A bad operator input; its message is one line meant for the terminal. */
export class OperatorInputError extends Error {
  override name = 'OperatorInputError';
}

export const ADMIN_ROLE = 'admin';
export const MIN_STAFF_PASSWORD_LENGTH = 12;
export const MAX_STAFF_PASSWORD_LENGTH = 1024;
export const ROLE_NAME = /^[a-z][a-z0-9_-]{0,49}$/;

export interface ApiKeyCommandInput {
  storePublicId: string;
  keyType: ApiKeyType;
  scopes: Scope[];
  name: string;
}

export interface StaffCommandInput {
  storePublicId: string;
  email: string;
  roleName: string;
  /** Only needed to create a role other than `admin`. */
  scopes?: Scope[];
  /** Generated when absent. */
  password?: string;
}

/** `read_orders,write_orders` → scopes, refusing unknown names and empty lists. */
export function parseScopeList(list: string): Scope[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new OperatorInputError('--scopes lists no scope');
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) {
    throw new OperatorInputError(
      `Unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (scopes are read_<x> or write_<x>, x one of ${[...SCOPE_RESOURCES, 'all'].join(', ')})`,
    );
  }
  return [...new Set(names as Scope[])];
}

function requireText(value: string | undefined, option: string): string {
  const text = value?.trim();
  if (!text) throw new OperatorInputError(`${option} is required`);
  return text;
}

export function parseApiKeyCommand(options: {
  store?: string;
  type?: string;
  scopes?: string;
  name?: string;
}): ApiKeyCommandInput {
  const storePublicId = requireText(options.store, '--store');
  const type = requireText(options.type, '--type');
  if (!(API_KEY_TYPES as readonly string[]).includes(type))
    throw new OperatorInputError(`--type must be one of: ${API_KEY_TYPES.join(', ')}`);
  const keyType = type as ApiKeyType;
  if (keyType === 'publishable' && options.scopes !== undefined)
    throw new OperatorInputError('A publishable key has no scopes: leave out --scopes');
  if (keyType === 'secret' && options.scopes === undefined)
    throw new OperatorInputError(
      'A secret key needs --scopes, e.g. --scopes read_orders,write_orders',
    );
  const scopes = options.scopes === undefined ? [] : parseScopeList(options.scopes);
  const name =
    options.name?.trim() || `${keyType === 'secret' ? 'Secret' : 'Publishable'} key (CLI)`;
  if (name.length > 100) throw new OperatorInputError('--name must be at most 100 characters');
  return { storePublicId, keyType, scopes, name };
}

export function parseStaffCommand(options: {
  store?: string;
  email?: string;
  role?: string;
  scopes?: string;
  password?: string;
}): StaffCommandInput {
  const storePublicId = requireText(options.store, '--store');
  const email = requireText(options.email, '--email').toLowerCase();
  if (!isEmail(email)) throw new OperatorInputError(`--email is not an e-mail address: ${email}`);
  const roleName = requireText(options.role, '--role');
  if (!ROLE_NAME.test(roleName)) {
    throw new OperatorInputError(
      '--role must be 1-50 lower-case letters, digits, "_" or "-", starting with a letter',
    );
  }
  const { password } = options;
  if (
    password !== undefined &&
    (password.length < MIN_STAFF_PASSWORD_LENGTH || password.length > MAX_STAFF_PASSWORD_LENGTH)
  ) {
    throw new OperatorInputError(
      `--password must be ${MIN_STAFF_PASSWORD_LENGTH} to ${MAX_STAFF_PASSWORD_LENGTH} characters (leave it out to generate one)`,
    );
  }
  const scopes = options.scopes === undefined ? undefined : parseScopeList(options.scopes);
  return { storePublicId, email, roleName, scopes, password };
}
