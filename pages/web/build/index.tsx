export { default } from '@/features/build/views/build-view';
export { buildPage as getServerSideProps } from '@/server/gssp/build-pages';
