import { previewFallbackRoutes } from '@/server/api/v1/preview-routes';
import { nextApiRoute } from '@/server/http/next-api-route';

export const config = { api: { bodyParser: false } };
export default nextApiRoute((_services, req) => previewFallbackRoutes((req.url ?? '').split('?')[0] ?? ''));
