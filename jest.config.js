/**
 * `npm test` (scripts/test.mjs) runs the unit, integration and end-to-end tests, then, with JEST_TIMING=1, the
 * timing tests of test/timing alone, on one worker and with nothing else running.
 */
const timing = process.env.JEST_TIMING === '1';

/** TypeScript is compiled by ts-jest (types are checked by `npm run typecheck`). */
module.exports = {
  testEnvironment: 'node',
  roots: [timing ? '<rootDir>/test/timing' : '<rootDir>/test'],
  testPathIgnorePatterns: timing ? ['/node_modules/'] : ['/node_modules/', '<rootDir>/test/timing/'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { diagnostics: false }] },
  // mrz ships ECMAScript modules only, which Jest's CommonJS runtime refuses to require (Node itself
  // loads them): tests compile its TypeScript sources, shipped in the package, instead.
  // d3-scale and d3-shape are ECMAScript modules too: the global setup bundles each as CommonJS for Jest.
  moduleNameMapper: {
    '^mrz$': '<rootDir>/node_modules/mrz/src/index.ts',
    '^(d3-scale|d3-shape)$': '<rootDir>/node_modules/.cache/jest-d3/$1.cjs',
  },
  transformIgnorePatterns: ['/node_modules/(?!mrz/src/)'],
  // The timing tests need neither the build nor the PGlite template.
  globalSetup: timing ? undefined : '<rootDir>/test/helpers/global-setup.ts',
  globalTeardown: timing ? undefined : '<rootDir>/test/helpers/global-teardown.ts',
  testTimeout: 30000,
  maxWorkers: timing ? 1 : 2,
  // A worker is replaced before its next file once its heap passed this. The embedded databases (PGlite)
  // and OCR (tesseract) live in WebAssembly memory, outside the heap that Jest measures, and a worker that
  // kept them across many files grew to 12 GB and was killed: so nearly every app-starting file gets a
  // fresh worker (a second or two each), while small unit files share one.
  workerIdleMemoryLimit: '300MB',
};
