/**
 * test/relay/memory.test.ts alone, in one worker: it measures this process's memory, which any
 * other test file running beside it would disturb. `npm test` runs it after the rest
 * (`npm run jest -- --config jest.memory.config.js` runs it by itself).
 */
import base from './jest.config.js';

export default {
  ...base,
  testMatch: ['<rootDir>/test/relay/memory.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 1,
};
