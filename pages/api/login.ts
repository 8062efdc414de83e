export { loginHandler as default } from '@/server/auth/session-endpoints';
