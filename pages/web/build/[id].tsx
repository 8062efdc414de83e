export { default } from '@/features/build/views/project-view';
export { projectPage as getServerSideProps } from '@/server/gssp/build-pages';
