import base from './jest.config.js';

/**
 * `npm test`: the spec files run in groups (see test/suite/groups.ts). Against PostgreSQL and
 * Redis a third of a group's time is spent waiting on the servers and on the processes the
 * crash specs start, so a third jest worker fills those gaps on a 2-core machine; the embedded
 * database runs inside the workers, which keep both cores busy on their own.
 */
export default {
  ...base,
  testMatch: ['<rootDir>/test/suite/*.suite.ts'],
  testEnvironment: '<rootDir>/test/suite/spec-timing-environment.js',
  maxWorkers: process.env.DATABASE_URL ? 3 : base.maxWorkers,
};
