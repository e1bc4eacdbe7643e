/** A tax rate that applies to the order's tax zone. */
export interface ApplicableTaxRate {
  id: string;
  name: string;
  /** A fraction: "0.2" is 20 %. */
  rate: string;
  taxCategory: string;
  includedInPrice: boolean;
}
