import type { NewsletterSubscriberView } from './newsletter-subscriber.serializer.js';

const COLUMNS = [
  'id',
  'email',
  'verified',
  'verified_at',
  'customer_id',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof NewsletterSubscriberView>;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const field = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export const newsletterCsvHeader = () => `${COLUMNS.join(',')}\r\n`;

export const newsletterCsvRow = (subscriber: NewsletterSubscriberView) =>
  `${COLUMNS.map((column) => field(subscriber[column])).join(',')}\r\n`;
