export { default } from '@/features/billing/views/paywall-view';
export { proPage as getServerSideProps } from '@/server/gssp/billing-pages';
