export { default } from '@/features/glossary/views/glossary-index-view';
export { glossaryIndexPage as getServerSideProps } from '@/server/gssp/glossary-pages';
