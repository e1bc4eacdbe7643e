export { Country } from './country.entity.js';
export { Zone } from './zone.entity.js';
