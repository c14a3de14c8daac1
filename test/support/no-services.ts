/**
 * Stands in for database.ts in the unit project (jest.config.js): its tests run without
 * PostgreSQL and Redis, so one that reaches for them fails here. (The re-export lets the importing
 * module link, so that this message is the error it fails with.)
 */
export * from './database.js';

throw new Error('Tests in test/unit and test/golden use neither PostgreSQL nor Redis; a test that needs them belongs in another folder of test/.');
