export { default } from '@/features/glossary/views/glossary-entry-view';
export { glossaryEntryPage as getServerSideProps } from '@/server/gssp/glossary-pages';
