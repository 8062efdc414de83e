export { default } from '@/features/billing/views/test-checkout-view';
export { testCheckoutPage as getServerSideProps } from '@/server/gssp/billing-pages';
