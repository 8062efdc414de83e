export { default } from '@/features/progress/views/project-done-view';
export { projectDonePage as getServerSideProps } from '@/server/gssp/progress-pages';
