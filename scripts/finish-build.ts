/** `npm run build`'s last step, after `next build` (see scripts/lib/finish-build.ts). */
import { finishBuild } from './lib/finish-build';

finishBuild(process.env.NEXT_DIST_DIR || '.next');
