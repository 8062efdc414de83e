export { default } from '@/features/feedback/views/reports-view';
export { courseEngineerPage as getServerSideProps } from '@/server/gssp/progress-pages';
