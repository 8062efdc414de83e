export { ServerErrorView as default } from '@/features/errors/views/error-view';
