export { default } from '@/features/auth/views/register-view';
export { authFormPage as getServerSideProps } from '@/server/gssp/pages';
