export { paymentMethodView, type PaymentMethodView } from '../payments/index.js';
