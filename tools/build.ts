/**
 * `npm run build`: compiles the server into `dist/` (tools/compile.ts). `--if-stale` (what
 * `npm start` runs): only when `dist/` is missing or was built from other sources (a hash of every
 * input, kept in `dist/.source-hash`).
 */
import { compileServer } from './compile.js';

const started = Date.now();
const compiled = await compileServer({ ifStale: process.argv.includes('--if-stale') });
if (compiled > 0) console.log(`Compiled ${compiled} files into dist/ in ${Date.now() - started} ms`);
