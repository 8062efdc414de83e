export { default } from '@/features/progress/views/redirecting-view';
export { activeSectionPage as getServerSideProps } from '@/server/gssp/progress-pages';
