export {
  type ChangedCredit,
  creditChanges,
  spendAllSql,
  StoreCreditWallet,
} from './store-credit-wallet.js';
export { StoreCredit } from './store-credit.entity.js';
export { StoreCreditsModule } from './store-credits.module.js';
export { type StoreCreditGrant, StoreCreditIssuing } from './store-credit-issuing.js';
