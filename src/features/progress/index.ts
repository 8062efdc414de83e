import { createElement } from 'react';
import dynamic from 'next/dynamic';
import { StatsPlaceholder } from './components/stats-placeholder';

/**
 * The progress feature's public entry: what other features may use. Kept light: the lesson page
 * imports it eagerly, so anything with styles or schemas is exported lazily.
 */
export { addPendingCompletion, browserTimeZone } from './pending/pending-completions';
export { leagueKey, progressKey } from './api/progress-keys';

/** The habit stats for a page header; loads after the page (and its API schemas are not first-load). */
export const LazyHeaderStats = dynamic(() => import('./components/header-stats').then((module) => module.HeaderStats), {
  ssr: false,
  // Holds the pill's place until it has figures, so the header does not move when they arrive.
  loading: () => createElement(StatsPlaceholder),
});

