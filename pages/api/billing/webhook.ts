import { billingWebhookHandler } from '@/server/api/billing-webhook';

export const config = { api: { bodyParser: false } };
export default billingWebhookHandler();
