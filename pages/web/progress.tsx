export { default } from '@/features/progress/views/progress-view';
export { protectedPage as getServerSideProps } from '@/server/gssp/pages';
