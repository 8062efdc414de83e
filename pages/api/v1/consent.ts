import { CONSENT_COOKIE } from '@/domain/analytics/consent';
import { EXPERIMENT_BUCKET_COOKIE } from '@/domain/experiments/experiments';
import { consentRoutes } from '@/server/api/v1/consent-routes';
import { nextApiRoute } from '@/server/http/next-api-route';
import { requestCookies } from '@/server/http/request-cookies';

export const config = { api: { bodyParser: false } };
export default nextApiRoute((_services, req) => {
  const cookies = requestCookies(req);
  return consentRoutes({ consent: cookies[CONSENT_COOKIE], bucket: cookies[EXPERIMENT_BUCKET_COOKIE] });
});
