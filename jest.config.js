/**
 * Jest in ESM mode with swc (decorator metadata on). Type-checking is `npm run typecheck`.
 * Two projects: `unit` (test/unit and test/golden: neither PostgreSQL nor Redis; `npm run
 * test:unit`) and `services` (every other folder: real PostgreSQL and Redis).
 */

/* global process */
import { randomBytes } from 'node:crypto';

// Quiet test output: unless LOG_LEVEL asks for something, a file's warnings and errors are kept and
// shown only if one of its tests failed (test/support/environment.js). Workers inherit both.
if (!process.env.LOG_LEVEL) {
  process.env.LOG_LEVEL = 'warn';
  process.env.TEST_LOGS = 'on-failure';
}

// The PostgreSQL server of the tests, and this run's template database on it: test databases are
// copies of it (test/support/database.ts), and the services project's global teardown drops it.
process.env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
process.env.TEST_TEMPLATE_DATABASE = `meridian_template_${randomBytes(4).toString('hex')}`;

/** The folders of the unit project. */
const UNIT = ['<rootDir>/test/unit/', '<rootDir>/test/golden/'];

/** What both projects share. */
const project = {
  testEnvironment: '<rootDir>/test/support/environment.js',
  setupFilesAfterEnv: ['<rootDir>/test/support/quiet-logs.ts'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        },
        module: { type: 'es6' },
      },
    ],
  },
};

export default {
  projects: [
    {
      ...project,
      displayName: 'unit',
      roots: UNIT,
      // A unit test that reaches for PostgreSQL or Redis (everything that does goes through
      // test/support/database.ts) fails at once, saying where it belongs.
      moduleNameMapper: { '/support/database\\.js$': '<rootDir>/test/support/no-services.ts', ...project.moduleNameMapper },
    },
    {
      ...project,
      displayName: 'services',
      roots: ['<rootDir>/test'],
      testPathIgnorePatterns: ['/node_modules/', ...UNIT],
      globalSetup: '<rootDir>/test/support/build-dist.js',
      globalTeardown: '<rootDir>/test/support/drop-template.js',
    },
  ],
  // Generous: a test that passes is never slowed by it, and on a loaded machine starting a control
  // plane alone can take half a minute. Steps that wait for something bound their own waits.
  testTimeout: 120_000,
  // Postgres and Redis are shared by all workers; each test file isolates itself (own database, own key prefix).
  // Four workers on two cores: most test files spend much of their time waiting (on a browser, a
  // child process, a window of the service's own), so two leave the cores idle a third of the run.
  maxWorkers: 4,
  testSequencer: '<rootDir>/test/support/longest-first.js',
};
