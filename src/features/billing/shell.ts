/**
 * Billing's entry for the app shell (src/app), apart from index.ts so that every page's first
 * load gets this small mount and not the settings section's code and styles.
 */
export { BillingNoticesForLearners } from './components/billing-notices-for-learners';
