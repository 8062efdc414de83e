export { default } from '@/features/analytics/views/analytics-events-view';
export { courseEngineerPage as getServerSideProps } from '@/server/gssp/progress-pages';
