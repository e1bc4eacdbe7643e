import base from './jest.config.js';

/** `npm test`: the spec files run in groups (see test/suite/groups.ts). */
export default {
  ...base,
  testMatch: ['<rootDir>/test/suite/*.suite.ts'],
};
