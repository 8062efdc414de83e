import { checkInstanceSecret, instanceActivityRoutes, INSTANCE_SECRET_HEADER } from '@/server/api/internal/instance-routes';
import { serverEnv } from '@/server/config/server-env';
import { getServices } from '@/server/services/services';
import { authenticate } from '@/server/auth/identity';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(instanceActivityRoutes, { getServices, authenticate }, async (req) => checkInstanceSecret(serverEnv().machines.instanceSecret, req.headers[INSTANCE_SECRET_HEADER]));
