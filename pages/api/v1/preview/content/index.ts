import { previewContentRoutes } from '@/server/api/v1/content-publish-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(previewContentRoutes);
