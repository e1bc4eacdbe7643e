import { Injectable } from '@nestjs/common';
import { PreparedSql } from '../../../platform/database/prepared-sql.js';
import { BACKLOG_GATHER_MS, StatementBatch } from '../../../platform/database/statement-batch.js';
import { type BrandingRow, brandingOf } from '../settings/email-branding.js';
import { CompiledTemplateCache } from './compiled-templates.js';
import { templatesWith } from './default-templates.js';
import type { TemplateSources } from './template-sources.js';

/** A mail ready for the SMTP server. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  from: string;
  replyTo: string | null;
}

interface RenderKey {
  storeId: string;
  mail: string;
}

interface RenderRow extends BrandingRow {
  subject: string | null;
  html: string | null;
  text: string | null;
  disabled: boolean;
}

/**
 * Per (store, mail) asked: the store, its e-mail settings and its override of the mail, in one
 * statement for all of them (`n` is each one's place in the batch).
 */
const RENDER_SQL = `
  SELECT k.n::int AS n, s.name AS store_name, s.url AS store_url, s.mail_from_address,
         s.customer_support_email, es.logo_url, es.accent_color, es.footer_text, es.reply_to,
         coalesce(k.mail = ANY(es.disabled_mails), false) AS disabled,
         t.subject, t.html, t.text
    FROM unnest($1::bigint[], $2::text[]) WITH ORDINALITY AS k(store_id, mail, n)
    JOIN stores s ON s.id = k.store_id
    LEFT JOIN email_settings es ON es.store_id = s.id
    LEFT JOIN email_templates t ON t.store_id = s.id AND t.name = k.mail`;

/** Most reads one batched statement takes. */
const BATCH_MAX = 100;

/**
 * Fills a store's templates of a mail: its override's parts (or the defaults), with its branding
 * beside the mail's values. Each template version is compiled once per process (see
 * `CompiledTemplateCache`), so a mail costs one read and three Handlebars fills.
 */
@Injectable()
export class EmailRendering {
  /** Mails rendered at once (a backlog of confirmations) share one read. */
  private readonly reading = new StatementBatch<RenderKey, RenderRow | undefined>(
    BATCH_MAX,
    (keys) => this.readMany(keys),
    { gatherMs: BACKLOG_GATHER_MS },
  );

  constructor(
    private readonly sql: PreparedSql,
    private readonly templates: CompiledTemplateCache,
  ) {}

  /** The store's template for `mail` (its override, or the default) with its branding, filled with `values`. */
  async render(
    storeId: string,
    mail: string,
    values: Record<string, unknown>,
  ): Promise<RenderedEmail> {
    const row = await this.read(storeId, mail);
    return this.fill(row, templatesWith(mail, row), values);
  }

  /** `render` with `draft` parts in place of the store's (a preview of unsaved templates). */
  async renderDraft(
    storeId: string,
    mail: string,
    draft: Partial<TemplateSources>,
    values: Record<string, unknown>,
  ): Promise<RenderedEmail> {
    const row = await this.read(storeId, mail);
    return this.fill(row, templatesWith(mail, { ...row, ...draft }), values);
  }

  /** `render`, or null when the store turned the mail off: one read for both. */
  async renderIfEnabled(
    storeId: string,
    mail: string,
    values: Record<string, unknown>,
  ): Promise<RenderedEmail | null> {
    const row = await this.read(storeId, mail);
    return row.disabled ? null : this.fill(row, templatesWith(mail, row), values);
  }

  /** Whether the store sends this mail (each store turns each mail on or off). */
  async isEnabled(storeId: string, mail: string): Promise<boolean> {
    const [row] = await this.sql.rows<{ disabled: boolean }>(
      'email_mail_disabled',
      `SELECT coalesce($2 = ANY(disabled_mails), false) AS disabled FROM email_settings WHERE store_id = $1`,
      [storeId, mail],
    );
    return !row?.disabled;
  }

  private async read(storeId: string, mail: string): Promise<RenderRow> {
    const row = await this.reading.run({ storeId, mail });
    if (!row) throw new Error(`Store ${storeId} does not exist`);
    return row;
  }

  private async readMany(keys: RenderKey[]): Promise<Array<RenderRow | undefined>> {
    const rows = await this.sql.rows<RenderRow & { n: number }>('email_render', RENDER_SQL, [
      keys.map((key) => key.storeId),
      keys.map((key) => key.mail),
    ]);
    const byPlace = new Map(rows.map((row) => [row.n, row]));
    return keys.map((_, index) => byPlace.get(index + 1));
  }

  private async fill(
    row: RenderRow,
    sources: TemplateSources,
    values: Record<string, unknown>,
  ): Promise<RenderedEmail> {
    const { store, brand, from, replyTo } = brandingOf(row);
    const compiled = await this.templates.get(sources);
    const context = { ...values, store, brand };
    return {
      subject: compiled.subject(context).replace(/\s+/g, ' ').trim(),
      html: compiled.html(context),
      text: compiled.text(context),
      from,
      replyTo,
    };
  }
}
