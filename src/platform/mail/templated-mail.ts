/** A mail to send, named by template, with the values its template may use. */
export interface TemplatedMail {
  storeId: string; // internal store id
  mail: string; // template name: 'order_confirmation', 'password_reset', …
  to: string; // recipient address
  values: Record<string, unknown>; // JSON-serialisable values the template uses
  orderId?: string | null; // internal ids the delivery is listed under (Admin API)
  customerId?: string | null;
}
/** Records and sends a mail once per (store, mail, recipient, key); implemented by the emails module. */
export abstract class MailDispatch {
  abstract dispatch(mail: TemplatedMail, key: string): Promise<void>;
}
