import { userOnboardingRoutes } from '@/server/api/v1/user-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(userOnboardingRoutes);
