export { default } from '@/features/progress/views/streak-view';
export { protectedPage as getServerSideProps } from '@/server/gssp/pages';
