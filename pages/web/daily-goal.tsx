export { default } from '@/features/progress/views/daily-goal-view';
export { protectedPage as getServerSideProps } from '@/server/gssp/pages';
