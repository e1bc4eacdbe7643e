/** How long credentials live, in seconds. */
export const TOKEN_LIFETIME_S = {
  customerAccess: 60 * 60,
  staffAccess: 5 * 60,
  refresh: 30 * 24 * 60 * 60,
  /** An e-mailed password reset token. */
  passwordReset: 60 * 60,
  /** An e-mailed account confirmation token: days, as a new customer may read mail late. */
  accountConfirmation: 3 * 24 * 60 * 60,
} as const;

export const JWT_ISSUER = 'store-service';
/** Store and admin tokens carry different audiences, so neither is accepted in place of the other. */
export const JWT_AUDIENCE = { customer: 'store', staff: 'admin' } as const;
