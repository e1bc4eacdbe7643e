/** The store a request acts on; every query of the request is scoped by `storeId`. */
export interface StoreContext {
  storeId: string;
  defaultCurrency: string;
  supportedCurrencies: string[];
}
