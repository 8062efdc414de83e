export { default } from '@/features/lesson/views/browser-verification-view';
export { browserVerificationPage as getServerSideProps } from '@/server/gssp/progress-pages';
