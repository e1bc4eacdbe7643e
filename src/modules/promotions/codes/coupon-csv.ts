import type { CouponCodeView } from '../serializers/coupon-code.serializer.js';

export const CSV_COLUMNS = [
  'code',
  'state',
  'usage_count',
  'single_use',
  'batch_id',
  'created_at',
] as const satisfies ReadonlyArray<keyof CouponCodeView>;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvHeader = () => `${CSV_COLUMNS.join(',')}\r\n`;

export function csvRow(code: CouponCodeView): string {
  return `${CSV_COLUMNS.map((column) => csvField(code[column])).join(',')}\r\n`;
}
