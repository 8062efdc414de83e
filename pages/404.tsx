export { NotFoundView as default } from '@/features/errors/views/error-view';
