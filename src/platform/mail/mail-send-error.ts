/** Lowest SMTP reply code of a permanent refusal (5xx); 4xx ones are temporary. */
const PERMANENT_FROM = 500;
/** nodemailer's codes for a message it could not even build or address: sending again won't help. */
const UNSENDABLE_CODES = new Set(['EENVELOPE', 'EMESSAGE']);

/**
 * A send that failed, saying whether trying again later may succeed: SMTP 4xx replies, lost
 * connections and timeouts are temporary; 5xx replies (unknown mailbox, refused content) and a
 * message that cannot be built are permanent.
 */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
    /** The SMTP reply code, when the server answered one. */
    readonly responseCode: number | null = null,
  ) {
    super(message);
    this.name = 'MailSendError';
  }

  /** Reads an error thrown by nodemailer (which carries `responseCode` and `code`). */
  static from(error: unknown): MailSendError {
    if (error instanceof MailSendError) return error;
    const { responseCode, code, message } = (error ?? {}) as {
      responseCode?: unknown;
      code?: unknown;
      message?: unknown;
    };
    const text = typeof message === 'string' ? message : String(error);
    if (typeof responseCode === 'number')
      return new MailSendError(text, responseCode < PERMANENT_FROM, responseCode);
    return new MailSendError(text, !(typeof code === 'string' && UNSENDABLE_CODES.has(code)));
  }
}
