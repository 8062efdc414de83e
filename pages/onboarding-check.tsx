export { default } from '@/features/account/views/welcome-view';
export { welcomePage as getServerSideProps } from '@/server/gssp/progress-pages';
