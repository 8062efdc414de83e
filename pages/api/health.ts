export { healthHandler as default } from '@/server/http/health';
