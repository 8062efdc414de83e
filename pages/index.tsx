export { default } from '@/features/marketing/views/home-view';
export { visitorPage as getServerSideProps } from '@/server/gssp/pages';
