import { EXPERIMENT_BUCKET_COOKIE, EXPERIMENT_BUCKET_MAX_AGE_SECONDS } from '@/domain/experiments/experiments';
import { serverEnv } from '@/server/config/server-env';

/**
 * The experiment bucket cookie (HttpOnly: only the server sets or clears it, so a page's script
 * can neither read nor remove it; withdrawing consent asks the server, POST /api/v1/consent).
 */
export function bucketCookie(bucketId: string): string {
  const secure = serverEnv().secureCookies ? '; Secure' : '';
  return `${EXPERIMENT_BUCKET_COOKIE}=${bucketId}; Path=/; Max-Age=${EXPERIMENT_BUCKET_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure}`;
}

/** The same cookie, expired: the browser drops it. */
export function expiredBucketCookie(): string {
  const secure = serverEnv().secureCookies ? '; Secure' : '';
  return `${EXPERIMENT_BUCKET_COOKIE}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; HttpOnly${secure}`;
}
