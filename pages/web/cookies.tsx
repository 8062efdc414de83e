export { default } from '@/features/analytics/views/cookie-settings-view';
