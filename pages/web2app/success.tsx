export { default } from '@/features/billing/views/web2app-success-view';
export { web2appSuccessPage as getServerSideProps } from '@/server/gssp/billing-pages';
