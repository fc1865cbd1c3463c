/** Unit, integration and end-to-end tests; TypeScript is compiled by ts-jest (types are checked by `npm run typecheck`). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
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
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  testTimeout: 30000,
  maxWorkers: 2,
  // A worker is replaced before its next file once its heap passed this. The embedded databases (PGlite)
  // and OCR (tesseract) live in WebAssembly memory, outside the heap that Jest measures, and a worker that
  // kept them across many files grew to 12 GB and was killed: so nearly every app-starting file gets a
  // fresh worker (a second or two each), while small unit files share one.
  workerIdleMemoryLimit: '300MB',
};
