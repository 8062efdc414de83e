import { deletedProjectsRoutes } from '@/server/api/v1/project-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(deletedProjectsRoutes);
