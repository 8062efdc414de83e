export { sandboxDocumentHandler as default } from '@/server/sandbox/sandbox-route';
