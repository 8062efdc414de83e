export { logoutHandler as default } from '@/server/auth/session-endpoints';
