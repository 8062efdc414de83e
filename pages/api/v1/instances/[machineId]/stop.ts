import { machineStopRoutes } from '@/server/api/v1/machine-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(machineStopRoutes);
