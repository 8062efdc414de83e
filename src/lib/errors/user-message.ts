import { ApiError } from '@/lib/api-client/api-error';

/**
 * What a screen says about a failure: an API call's human sentence (never its status text or
 * code), another error's own message, or the screen's fallback for anything else.
 */
export function userMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.userMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
