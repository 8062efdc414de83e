export { apiNotFound as default } from '@/server/http/next-api-route';
