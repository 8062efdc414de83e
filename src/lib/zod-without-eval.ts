import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may. The app's policy forbids eval, and
 * Chromium reports zod's probe (`new Function("")` in a try) as a policy violation even though
 * zod catches it, so the browser uses zod's interpreter. The server keeps the faster compiled path.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });
