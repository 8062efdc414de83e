export { default } from '@/features/feedback/views/reports-view';
export { lessonReportsPage as getServerSideProps } from '@/server/gssp/progress-pages';
