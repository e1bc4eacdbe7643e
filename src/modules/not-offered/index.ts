export { NotOfferedModule } from './not-offered.module.js';
