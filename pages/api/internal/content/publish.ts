import { checkControlToken, controlPublishRoutes, CONTROL_TOKEN_HEADER } from '@/server/api/v1/content-publish-routes';
import { authenticate } from '@/server/auth/identity';
import { serverEnv } from '@/server/config/server-env';
import { nextApiRoute } from '@/server/http/next-api-route';
import { getServices } from '@/server/services/services';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(controlPublishRoutes, { getServices, authenticate }, async (req) => checkControlToken(serverEnv().controlToken, req.headers[CONTROL_TOKEN_HEADER]));
