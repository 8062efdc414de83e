import { analyticsSummaryRoutes } from '@/server/api/v1/analytics-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export default nextApiRoute((services) => analyticsSummaryRoutes(services));
