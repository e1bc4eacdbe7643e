/** The accent colour of a store that chose none. */
export const DEFAULT_ACCENT_COLOR = '#1f6feb';

/** Where a store's mails come from when it set no `mail_from_address`. */
export const FALLBACK_FROM = 'no-reply@localhost';

/** A store's identity in its mails, as the templates name it (`store.…`, `brand.…`). */
export interface EmailBranding {
  store: { name: string; url: string | null };
  brand: {
    logo_url: string | null;
    accent_color: string;
    footer_text: string | null;
    support_email: string | null;
  };
  from: string;
  replyTo: string | null;
}

/** What the store and its e-mail settings hold for a mail (one row read; see EmailRendering). */
export interface BrandingRow {
  store_name: string;
  store_url: string | null;
  mail_from_address: string | null;
  customer_support_email: string | null;
  logo_url: string | null;
  accent_color: string | null;
  footer_text: string | null;
  reply_to: string | null;
}

export function brandingOf(row: BrandingRow): EmailBranding {
  const replyTo = row.reply_to ?? row.customer_support_email;
  return {
    store: { name: row.store_name, url: row.store_url },
    brand: {
      logo_url: row.logo_url,
      accent_color: row.accent_color ?? DEFAULT_ACCENT_COLOR,
      footer_text: row.footer_text,
      support_email: replyTo,
    },
    from: row.mail_from_address ?? FALLBACK_FROM,
    replyTo,
  };
}
