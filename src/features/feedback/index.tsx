/**
 * The feedback tool's public entry (issue 16). The lesson's "Report a problem" button is part of
 * the lesson page; its form is a chunk of its own, loaded when the learner opens it. The
 * engineers' list is a page view.
 */
export { ReportProblem } from './components/report-problem-opener';
export type { ReportProblemProps } from './components/report-problem-props';
