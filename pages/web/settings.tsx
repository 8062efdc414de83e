export { default } from '@/features/progress/views/settings-view';
export { protectedPage as getServerSideProps } from '@/server/gssp/pages';
