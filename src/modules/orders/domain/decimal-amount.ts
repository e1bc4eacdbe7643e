export { decimalText, positiveAmount } from '../../../common/money/decimal-amount.js';
