import { leagueRoutes } from '@/server/api/v1/progress-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(leagueRoutes);
