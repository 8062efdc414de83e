export { default } from '@/features/billing/views/subscribe-view';
export { web2appSubscribePage as getServerSideProps } from '@/server/gssp/billing-pages';
