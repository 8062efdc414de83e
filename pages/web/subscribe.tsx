export { default } from '@/features/billing/views/subscribe-view';
export { subscribePage as getServerSideProps } from '@/server/gssp/billing-pages';
