export { default } from '@/features/auth/views/password-reset-view';
export { publicPage as getServerSideProps } from '@/server/gssp/pages';
