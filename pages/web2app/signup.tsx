export { default } from '@/features/billing/views/web2app-signup-view';
export { web2appSignupPage as getServerSideProps } from '@/server/gssp/billing-pages';
