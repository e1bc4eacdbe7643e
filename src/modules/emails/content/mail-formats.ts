import { Money } from '../../../common/money/money.js';

/** How a mail writes amounts and dates: in the order's currency, in the store's locale. */
export class MailFormats {
  private readonly dates: Intl.DateTimeFormat;

  readonly locale: string;

  constructor(
    locale: string,
    private readonly siteUrl: string | null,
  ) {
    this.locale = knownLocale(locale);
    this.dates = new Intl.DateTimeFormat(this.locale, { dateStyle: 'long', timeZone: 'UTC' });
  }

  money(amount: unknown, currency: string): string {
    return Money.of(String(amount ?? 0), currency).format(this.locale);
  }

  date(value: unknown): string | null {
    return typeof value === 'string' || value instanceof Date
      ? this.dates.format(new Date(value))
      : null;
  }

  /** `url` as a mail can link it: paths the service answers are made absolute on `siteUrl`. */
  url(url: unknown): string | null {
    if (typeof url !== 'string' || url === '') return null;
    if (!url.startsWith('/') || !this.siteUrl) return url;
    return new URL(url, this.siteUrl).toString();
  }
}

/** `locale` when Intl reads it, else English: a mail is better sent in English than not at all. */
function knownLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}
