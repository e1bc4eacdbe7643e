import { SetMetadata } from '@nestjs/common';

/** Per-IP budgets for the session and account recovery routes (requests per minute, configurable). */
export const IP_RATE_LIMITED_ACTIONS = [
  'login',
  'refresh',
  'logout',
  'registration',
  'password_reset',
  'newsletter',
] as const;
export type IpRateLimitedAction = (typeof IP_RATE_LIMITED_ACTIONS)[number];

export const IP_RATE_LIMIT = 'store:ip-rate-limit';

/** Counts the route against the caller IP's per-minute budget for `action`. */
export const IpRateLimit = (action: IpRateLimitedAction) => SetMetadata(IP_RATE_LIMIT, action);
