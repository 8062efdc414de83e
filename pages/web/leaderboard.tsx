export { default } from '@/features/progress/views/leaderboard-view';
export { protectedPage as getServerSideProps } from '@/server/gssp/pages';
