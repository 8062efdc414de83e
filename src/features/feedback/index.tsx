import dynamic from 'next/dynamic';

/**
 * The feedback tool's public entry (issue 16). The lesson's "Report a problem" is a chunk of its
 * own, loaded after the lesson (not part of its first load); the engineers' list is a page view.
 */
export const ReportProblem = dynamic(() => import('./components/report-problem'), { ssr: false });
export type { ReportProblemProps } from './components/report-problem';
