/**
 * zod, as its CommonJS build. Its ES module build is about a hundred modules (every locale among
 * them), and Node keeps far more per ES module than per CommonJS file: loaded that way, zod costs a
 * data plane markedly more of its idle memory (bench `startup`). Every server module takes zod's
 * values from here, so that one copy is loaded; types come from the package as usual
 * (`import type { z } from 'zod'`).
 */
import { createRequire } from 'node:module';
import type { z } from 'zod';

/** zod's `z` (the CommonJS build's). */
export const zod = (createRequire(import.meta.url)('zod') as { z: typeof z }).z;
