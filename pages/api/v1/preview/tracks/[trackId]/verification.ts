import { previewVerificationRoutes } from '@/server/api/v1/learning-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute(previewVerificationRoutes);
