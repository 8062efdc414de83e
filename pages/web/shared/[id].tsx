export { default } from '@/features/build/views/shared-view';
export { sharedPage as getServerSideProps } from '@/server/gssp/build-pages';
