export { default } from '@/features/progress/views/redirecting-view';
export { redirectToActiveSectionPage as getServerSideProps } from '@/server/gssp/progress-pages';
