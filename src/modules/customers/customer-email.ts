import { QueryFailedError } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';

const UNIQUE_EMAIL_INDEX = 'customers_store_id_email_key';
const UNIQUE_VIOLATION = '23505';

/** Emails are compared and stored trimmed and lower-cased, so uniqueness is case-insensitive. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `normalizeEmail` for raw input, before it is known to be a string. */
export function normalizeEmailInput(value: unknown): unknown {
  return typeof value === 'string' ? normalizeEmail(value) : value;
}

export function emailTaken(): StoreError {
  return new StoreError('validation_error', 'The request failed validation', {
    email: ['has already been taken'],
  });
}

function isDuplicateEmail(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const cause = error.driverError as { code?: string; constraint?: string } | undefined;
  return cause?.code === UNIQUE_VIOLATION && cause.constraint === UNIQUE_EMAIL_INDEX;
}

/** Runs a write that may store an email; a clash with the store's unique index becomes a 422. */
export async function withUniqueEmail<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    throw isDuplicateEmail(error) ? emailTaken() : error;
  }
}
