export { default } from '@/features/progress/views/section-view';
export { sectionPage as getServerSideProps } from '@/server/gssp/progress-pages';
