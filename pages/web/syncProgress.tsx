export { default } from '@/features/progress/views/sync-progress-view';
export { protectedPage as getServerSideProps } from '@/server/gssp/pages';
