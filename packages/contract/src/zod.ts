import { z } from 'zod';

/**
 * zod as every contract schema uses it. jitless: zod would otherwise probe `new Function` (and
 * compile object parsers with it) on the first parse, which the console's strict
 * Content-Security-Policy (no 'unsafe-eval') reports as a violation in the browser. The
 * interpreted parsers give the same results; the server keeps them too, so both ends parse the
 * same way.
 */
z.config({ jitless: true });

export { z };
