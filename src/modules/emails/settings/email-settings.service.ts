import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { Store, type StoreContext } from '../../stores/index.js';
import type { UpdateEmailSettingsBody } from '../admin/email-settings.body.js';
import { MAIL_KINDS, mailKind } from '../templates/mail-catalogue.js';
import { DEFAULT_ACCENT_COLOR, FALLBACK_FROM } from './email-branding.js';
import { EmailSettings } from './email-settings.entity.js';

/** A store's e-mail branding and which mails it sends. */
export interface EmailSettingsView {
  /** The store's `mail_from_address` (changed through the store's settings). */
  from_address: string;
  /** Where replies go: `reply_to` if set, else the store's `customer_support_email`. */
  reply_to: string | null;
  logo_url: string | null;
  accent_color: string;
  footer_text: string | null;
  /** Every mail by name: whether the store sends it. */
  mails: Record<string, boolean>;
  updated_at: string | null;
}

const BRANDING_FIELDS = [
  ['reply_to', 'replyTo'],
  ['logo_url', 'logoUrl'],
  ['accent_color', 'accentColor'],
  ['footer_text', 'footerText'],
] as const;

@Injectable()
export class EmailSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async show(store: StoreContext): Promise<EmailSettingsView> {
    const { manager } = this.dataSource;
    return this.view(
      manager,
      store,
      await manager.findOneBy(EmailSettings, { storeId: store.storeId }),
    );
  }

  async update(store: StoreContext, body: UpdateEmailSettingsBody): Promise<EmailSettingsView> {
    const toggles = mailToggles(body.mails);
    return this.dataSource.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(EmailSettings)
        .values({ storeId: store.storeId })
        .orIgnore()
        .execute();
      const row = await manager.findOneOrFail(EmailSettings, {
        where: { storeId: store.storeId },
        lock: { mode: 'pessimistic_write' },
      });
      for (const [field, column] of BRANDING_FIELDS) {
        const value = body[field];
        if (value !== undefined) row[column] = value;
      }
      const disabled = new Set(row.disabledMails);
      for (const [name, on] of toggles) {
        if (on) disabled.delete(name);
        else disabled.add(name);
      }
      row.disabledMails = [...disabled].sort();
      return this.view(manager, store, await manager.save(row));
    });
  }

  private async view(
    manager: EntityManager,
    store: StoreContext,
    row: EmailSettings | null,
  ): Promise<EmailSettingsView> {
    const owner = await manager.findOneByOrFail(Store, { id: store.storeId });
    const disabled = new Set(row?.disabledMails ?? []);
    return {
      from_address: owner.mailFromAddress ?? FALLBACK_FROM,
      reply_to: row?.replyTo ?? owner.customerSupportEmail,
      logo_url: row?.logoUrl ?? null,
      accent_color: row?.accentColor ?? DEFAULT_ACCENT_COLOR,
      footer_text: row?.footerText ?? null,
      mails: Object.fromEntries(MAIL_KINDS.map(({ name }) => [name, !disabled.has(name)])),
      updated_at: row ? row.updatedAt.toISOString() : null,
    };
  }
}

/** `mails` as sent: each a known mail, each true or false; else 422 on `mails`. */
function mailToggles(mails: Record<string, unknown> | undefined): [string, boolean][] {
  const entries = Object.entries(mails ?? {});
  const problems = entries.flatMap(([name, on]) =>
    !mailKind(name)
      ? [`${name} is not a mail (${MAIL_KINDS.map((kind) => kind.name).join(', ')})`]
      : typeof on !== 'boolean'
        ? [`mails.${name} must be true or false`]
        : [],
  );
  if (problems.length > 0) {
    throw new StoreError('validation_error', 'The request failed validation', { mails: problems });
  }
  return entries as [string, boolean][];
}
