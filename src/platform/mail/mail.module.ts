import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { LoggingMailer } from './logging.mailer.js';
import { mailFolderOf } from './mail-folder.js';
import { MailJobs } from './mail-jobs.js';
import { Mailer } from './mailer.port.js';
import { SmtpMailer } from './smtp.mailer.js';

/**
 * Provides `Mailer` (SMTP when `SMTP_URL` is set; otherwise `.eml` files under
 * `<DATA_DIR>/mail/` and a log line) and `MailJobs`, which sends mail from the `mail` queue.
 */
@Global()
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Mailer =>
        config.SMTP_URL
          ? new SmtpMailer(config.SMTP_URL)
          : new LoggingMailer(config.ENCRYPTION_KEY!, mailFolderOf(config)),
    },
    MailJobs,
  ],
  exports: [Mailer, MailJobs],
})
export class MailModule {}
