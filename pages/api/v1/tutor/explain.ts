import { tutorRoutes } from '@/server/api/v1/tutor-routes';
import { serverEnv } from '@/server/config/server-env';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute((services) => tutorRoutes(services, serverEnv().tutor));
