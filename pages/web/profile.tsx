export { default } from '@/features/progress/views/profile-view';
export { protectedPage as getServerSideProps } from '@/server/gssp/pages';
