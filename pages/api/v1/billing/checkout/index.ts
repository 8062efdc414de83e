import { CONSENT_COOKIE } from '@/domain/analytics/consent';
import { checkoutRoutes } from '@/server/api/v1/billing-routes';
import { nextApiRoute } from '@/server/http/next-api-route';
import { requestCookies } from '@/server/http/request-cookies';

export const config = { api: { bodyParser: false } };
export default nextApiRoute((services, req) => checkoutRoutes(services, requestCookies(req)[CONSENT_COOKIE]));
