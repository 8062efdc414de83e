import { eventCalendarFile } from '@/server/api/v1/event-routes';
import { serverEnv } from '@/server/config/server-env';
import { nextFileRoute } from '@/server/http/next-file-route';

export default nextFileRoute((services, req) => eventCalendarFile(services, { method: req.method ?? 'GET', query: req.query }, serverEnv().appOrigin));
