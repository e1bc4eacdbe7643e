import type { AppConfig } from '../../../config/index.js';
import type { RateLimitedKey } from './rate-limited-key.js';
import type { IpRateLimitedAction } from './rate-limit.decorator.js';

/** Every budget is counted over a fixed one-minute window. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** One counter and how many requests it admits per window. */
export interface Budget {
  bucket: string;
  limit: number;
}

type PerMinuteSetting = {
  [Name in keyof AppConfig]-?: Name extends `RATE_LIMIT_${string}_PER_MINUTE` ? Name : never;
}[keyof AppConfig];

const IP_SETTING: Record<IpRateLimitedAction, PerMinuteSetting> = {
  login: 'RATE_LIMIT_LOGIN_PER_MINUTE',
  refresh: 'RATE_LIMIT_REFRESH_PER_MINUTE',
  logout: 'RATE_LIMIT_LOGOUT_PER_MINUTE',
  registration: 'RATE_LIMIT_REGISTRATION_PER_MINUTE',
  password_reset: 'RATE_LIMIT_PASSWORD_RESET_PER_MINUTE',
  newsletter: 'RATE_LIMIT_NEWSLETTER_PER_MINUTE',
};

const KEY_SETTING: Record<RateLimitedKey['keyType'], PerMinuteSetting> = {
  publishable: 'RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE',
  secret: 'RATE_LIMIT_SECRET_KEY_PER_MINUTE',
};

/** The budget of one client IP for one action, e.g. five sign-ins a minute. */
export function ipBudget(config: AppConfig, action: IpRateLimitedAction, ip: string): Budget {
  return { bucket: `ip:${action}:${ip}`, limit: config[IP_SETTING[action]] };
}

/** The budget of one API key, over every request it authenticates. */
export function keyBudget(config: AppConfig, key: RateLimitedKey): Budget {
  return { bucket: `key:${key.apiKeyId}`, limit: config[KEY_SETTING[key.keyType]] };
}

/** The budget of one client IP for credentials refused (unknown or revoked keys, bad tokens). */
export function failedAuthenticationBudget(config: AppConfig, ip: string): Budget {
  return { bucket: `ip:failed-auth:${ip}`, limit: config.RATE_LIMIT_FAILED_AUTH_PER_MINUTE };
}
