export { default } from '@/features/events/views/events-view';
export { eventsPage as getServerSideProps } from '@/server/gssp/events-page';
