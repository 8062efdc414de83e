export { default } from '@/features/library/views/library-view';
export { libraryPage as getServerSideProps } from '@/server/gssp/library-page';
