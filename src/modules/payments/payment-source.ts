/** What a card payment keeps of its card: never the number, only what a receipt shows. */
export interface PaymentSource {
  brand?: string;
  last_digits?: string;
  month?: number;
  year?: number;
  name?: string | null;
  /** The gateway's handle on the vaulted card. */
  gateway_payment_profile_id?: string;
}
