import type { Store } from './store.entity.js';

/** The store a request acts on; every query of the request is scoped by `storeId`. */
export interface StoreContext {
  storeId: string;
  defaultCurrency: string;
  supportedCurrencies: string[];
  defaultLocale: string;
  /** Every locale of the store, its default first (`localesOf`). */
  supportedLocales: string[];
}

/** The request context of a store as read. */
export function storeContextOf(
  store: Pick<
    Store,
    'id' | 'defaultCurrency' | 'supportedCurrencies' | 'defaultLocale' | 'supportedLocales'
  >,
): StoreContext {
  return {
    storeId: store.id,
    defaultCurrency: store.defaultCurrency,
    supportedCurrencies: store.supportedCurrencies,
    defaultLocale: store.defaultLocale,
    supportedLocales: localesOf(store),
  };
}

/** A store's locales: its default, then the others it supports. */
export function localesOf(store: Pick<Store, 'defaultLocale' | 'supportedLocales'>): string[] {
  return [...new Set([store.defaultLocale, ...(store.supportedLocales ?? [])])];
}
