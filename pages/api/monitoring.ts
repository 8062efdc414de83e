import { monitoringTunnelRoute } from '@/server/monitoring/tunnel-route';

export const config = { api: { bodyParser: false } };
export default monitoringTunnelRoute();
