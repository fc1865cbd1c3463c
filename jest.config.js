/** Unit, integration and end-to-end tests; TypeScript is compiled by ts-jest (types are checked by `npm run typecheck`). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { diagnostics: false }] },
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
};
