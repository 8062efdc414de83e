export { default } from '@/features/build/views/build-view';
export { protectedPage as getServerSideProps } from '@/server/gssp/pages';
