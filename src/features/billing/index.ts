/**
 * Billing's public entry: the settings page shows the section. The subscription pages are views
 * of their own (pages/ imports them directly), like auth's.
 */
export { BillingSection } from './components/billing-section';
export { billingKey } from './api/billing-queries';
export { ActionProblemAlert, actionProblem, type ActionProblem } from './components/action-problem';
