import { lessonPage } from '@/server/gssp/lesson-page';

export { default } from '@/features/lesson/views/lesson-view';
export const getServerSideProps = lessonPage('challenge');
