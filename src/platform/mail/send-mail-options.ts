import type { SendMailOptions } from 'nodemailer';
import type { MailMessage } from './mailer.port.js';

/** What nodemailer is given for a message (it knows no null reply-to). */
export function sendMailOptions(message: MailMessage): SendMailOptions {
  const { replyTo, ...rest } = message;
  return replyTo ? { ...rest, replyTo } : rest;
}
