import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { type Page, pageOf } from '../../../common/pagination/page.js';
import type { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import type { StoreContext } from '../../stores/index.js';
import { OrderMailReads } from '../content/order-mail-reads.js';
import { shipmentValues } from '../content/order-values.js';
import { CompiledTemplateCache } from '../templates/compiled-templates.js';
import { defaultTemplates, templatesWith } from '../templates/default-templates.js';
import { EmailRendering } from '../templates/email-rendering.js';
import { EmailTemplate } from '../templates/email-template.entity.js';
import { MAIL_KINDS, type MailKind, mailKind } from '../templates/mail-catalogue.js';
import { TEMPLATE_PARTS, type TemplateSources } from '../templates/template-sources.js';
import type { PreviewEmailTemplateBody, UpdateEmailTemplateBody } from './email-templates.body.js';

/** A mail's templates as the store sends them, with what they may name. */
export interface EmailTemplateView {
  name: string;
  description: string;
  /** The values the templates may name: `text`, `number`, `flag`, objects, and `[shape]` lists. */
  values: Record<string, unknown>;
  /** Whether the store changed any part (the others are the defaults). */
  overridden: boolean;
  subject: string;
  html: string;
  text: string;
  updated_at: string | null;
}

export interface EmailPreview {
  subject: string;
  html: string;
  text: string;
}

/**
 * A store's e-mail templates through the Admin API: the defaults with its overrides, changed
 * (each version checked against the mail's values first), reset, and previewed.
 */
@Injectable()
export class EmailTemplatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly templates: CompiledTemplateCache,
    private readonly rendering: EmailRendering,
    private readonly orders: OrderMailReads,
  ) {}

  async list(store: StoreContext, query: PaginationQuery): Promise<Page<EmailTemplateView>> {
    const overrides = await this.dataSource.manager.findBy(EmailTemplate, {
      storeId: store.storeId,
    });
    const byName = new Map(overrides.map((row) => [row.name, row]));
    const views = MAIL_KINDS.map((kind) => viewOf(kind, byName.get(kind.name) ?? null));
    const start = (query.page - 1) * query.limit;
    return pageOf(views.slice(start, start + query.limit), views.length, query.page, query.limit);
  }

  async show(store: StoreContext, name: string): Promise<EmailTemplateView> {
    const kind = kindNamed(name);
    const row = await this.dataSource.manager.findOneBy(EmailTemplate, {
      storeId: store.storeId,
      name,
    });
    return viewOf(kind, row);
  }

  /** Replaces the parts sent (null: back to the default's); 422 when the result cannot be used. */
  async update(
    store: StoreContext,
    name: string,
    body: UpdateEmailTemplateBody,
  ): Promise<EmailTemplateView> {
    const kind = kindNamed(name);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lockedOverride(manager, store.storeId, name);
      for (const part of TEMPLATE_PARTS) {
        if (body[part] !== undefined) row[part] = body[part];
      }
      await this.templates.check(templatesWith(name, row), kind.values);
      if (TEMPLATE_PARTS.every((part) => row[part] === null)) {
        await manager.delete(EmailTemplate, { id: row.id });
        return viewOf(kind, null);
      }
      return viewOf(kind, await manager.save(row));
    });
  }

  async reset(store: StoreContext, name: string): Promise<EmailTemplateView> {
    const kind = kindNamed(name);
    await this.dataSource.manager.delete(EmailTemplate, { storeId: store.storeId, name });
    return viewOf(kind, null);
  }

  /** The saved templates, or drafts of some parts, filled for an order of the store or the sample. */
  async preview(
    store: StoreContext,
    name: string,
    body: PreviewEmailTemplateBody,
  ): Promise<EmailPreview> {
    const kind = kindNamed(name);
    const draft: Partial<TemplateSources> = {};
    for (const part of TEMPLATE_PARTS) {
      const value = body[part];
      if (value !== undefined) draft[part] = value;
    }
    if (Object.keys(draft).length > 0) {
      await this.templates.check({ ...defaultTemplates(name), ...draft }, kind.values);
    }
    const values = await this.previewValues(store, kind, body.order_id);
    const { subject, html, text } = await this.rendering.renderDraft(
      store.storeId,
      name,
      draft,
      values,
    );
    return { subject, html, text };
  }

  private async previewValues(
    store: StoreContext,
    kind: MailKind,
    publicOrderId: string | undefined,
  ): Promise<Record<string, unknown>> {
    if (publicOrderId === undefined || !('order' in kind.values)) return kind.sample;
    const found = await this.orders.order(
      store.storeId,
      this.orders.idOf(ID_PREFIX.order, publicOrderId),
    );
    if (!found) throw StoreError.notFound('order');
    const shipment = 'shipment' in kind.values ? shipmentValues(found) : null;
    return { ...kind.sample, order: found.values, ...shipment };
  }

  /** The store's override row of `name`, locked; a new one (not yet saved) when it has none. */
  private async lockedOverride(
    manager: EntityManager,
    storeId: string,
    name: string,
  ): Promise<EmailTemplate> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(EmailTemplate)
      .values({ storeId, name, subject: null, html: null, text: null })
      .orIgnore()
      .execute();
    return manager.findOneOrFail(EmailTemplate, {
      where: { storeId, name },
      lock: { mode: 'pessimistic_write' },
    });
  }
}

function kindNamed(name: string): MailKind {
  const kind = mailKind(name);
  if (!kind) throw StoreError.notFound('e-mail template');
  return kind;
}

function viewOf(kind: MailKind, row: EmailTemplate | null): EmailTemplateView {
  return {
    name: kind.name,
    description: kind.description,
    values: kind.values,
    overridden: row !== null,
    ...templatesWith(kind.name, row),
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}
