export { default } from '@/features/account/views/welcome-view';
export { protectedPage as getServerSideProps } from '@/server/gssp/pages';
