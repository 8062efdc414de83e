export { default } from '@/features/billing/views/purchase-successful-view';
export { purchaseSuccessfulPage as getServerSideProps } from '@/server/gssp/billing-pages';
