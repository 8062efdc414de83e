import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` when it may. The app's policy forbids eval, and
 * Chromium reports zod's probe (`new Function("")` in a try) as a policy violation even though
 * zod catches it, so the browser uses zod's interpreter. The server keeps the faster compiled path.
 * (zod's core holds the one global setting every flavour reads; importing only that keeps the
 * schemas themselves out of every page's first load.)
 */
if (typeof window !== 'undefined') config({ jitless: true });
