import { CONSENT_COOKIE } from '@/domain/analytics/consent';
import { analyticsRoutes } from '@/server/api/v1/analytics-routes';
import { serverEnv } from '@/server/config/server-env';
import { clientAddress } from '@/server/http/client-address';
import { nextApiRoute } from '@/server/http/next-api-route';
import { requestCookies } from '@/server/http/request-cookies';

export const config = { api: { bodyParser: false } };
export default nextApiRoute((services, req) => analyticsRoutes(services, requestCookies(req)[CONSENT_COOKIE], clientAddress(req, serverEnv().trustProxy)));
