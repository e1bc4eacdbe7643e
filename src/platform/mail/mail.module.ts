import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { LoggingMailer } from './logging.mailer.js';
import { Mailer } from './mailer.port.js';
import { SmtpMailer } from './smtp.mailer.js';

/** Provides `Mailer`: SMTP when `SMTP_URL` is set, a logging stand-in otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Mailer =>
        config.SMTP_URL ? new SmtpMailer(config.SMTP_URL) : new LoggingMailer(),
    },
  ],
  exports: [Mailer],
})
export class MailModule {}
