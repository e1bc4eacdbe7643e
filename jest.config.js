/** Tests run as ES modules (`NODE_OPTIONS=--experimental-vm-modules`), compiled by SWC. */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  rootDir: '.',
  testMatch: ['**/*.spec.ts', '**/*.e2e-spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^content-disposition$': '<rootDir>/test/shims/content-disposition.cjs',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            useDefineForClassFields: false,
          },
          keepClassNames: true,
        },
        module: { type: 'es6' },
      },
    ],
  },
  testTimeout: 60_000,
  maxWorkers: 2,
  // Bull keeps reconnect timers for a Redis that was never reachable even after the queue is
  // closed (the health test's "Redis down" case); without this a single-file run would hang.
  forceExit: true,
};
