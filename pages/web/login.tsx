export { default } from '@/features/auth/views/login-view';
export { authFormPage as getServerSideProps } from '@/server/gssp/pages';
