import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * The app's link: next/link without viewport prefetching. Next's pages router downloads and then
 * runs the code of every page linked on screen (the header's Leaderboard, Settings, Profile ...) in
 * the first seconds after load, which on a phone is main-thread time the learner pays for pages
 * they rarely open next. A link's page is still fetched when the pointer rests on it or a finger
 * touches it, before the click. Pages that know the likely next step prefetch it themselves
 * (the lesson player prefetches the next lesson).
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
