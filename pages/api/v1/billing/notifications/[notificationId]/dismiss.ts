import { dismissBillingNotificationRoutes } from '@/server/api/v1/billing-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(dismissBillingNotificationRoutes);
