import { reportsRoutes } from '@/server/api/v1/report-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(reportsRoutes);
