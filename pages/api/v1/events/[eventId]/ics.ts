import { eventCalendarRoutes } from '@/server/api/v1/event-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute((services) => eventCalendarRoutes(services));
