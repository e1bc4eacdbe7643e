import { MailSendError } from '../../src/platform/mail/mail-send-error.js';

describe('MailSendError.from', () => {
  const nodemailerError = (fields: Record<string, unknown>) =>
    Object.assign(new Error('send failed'), fields);

  it.each([
    [{ responseCode: 421, code: 'EPROTOCOL' }, true, 421],
    [{ responseCode: 451, code: 'EMESSAGE' }, true, 451],
    [{ responseCode: 550, code: 'EENVELOPE' }, false, 550],
    [{ responseCode: 554, code: 'EMESSAGE' }, false, 554],
    [{ code: 'ECONNECTION' }, true, null],
    [{ code: 'ETIMEDOUT' }, true, null],
    [{ code: 'ESOCKET' }, true, null],
    [{ code: 'EENVELOPE' }, false, null],
    [{}, true, null],
  ])('reads %j as temporary=%s (reply %s)', (fields, temporary, responseCode) => {
    const error = MailSendError.from(nodemailerError(fields));
    expect(error).toBeInstanceOf(MailSendError);
    expect(error.temporary).toBe(temporary);
    expect(error.responseCode).toBe(responseCode);
    expect(error.message).toBe('send failed');
  });

  it('keeps a MailSendError as it is', () => {
    const error = new MailSendError('refused', false, 552);
    expect(MailSendError.from(error)).toBe(error);
  });
});
