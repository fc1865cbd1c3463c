/** Unit, integration and end-to-end tests; TypeScript is compiled by ts-jest (types are checked by `npm run typecheck`). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { diagnostics: false }] },
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
  // Each test file's embedded databases (PGlite, WebAssembly) are not all given back to the system when it
  // ends: a worker that has grown past this is replaced before its next file.
  workerIdleMemoryLimit: '2GB',
};
