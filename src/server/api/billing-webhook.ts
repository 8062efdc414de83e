import type { NextApiHandler } from 'next';
import { logger } from '@/lib/logger';
import { reportError } from '@/lib/monitoring/report-error';
import { isHttpError } from '@/server/http/http-error';
import { readRawBody } from '@/server/http/next-api-route';
import { getServices, type Services } from '@/server/services/services';

/** Stripe's events are small; anything larger is not one of them. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * POST /api/billing/webhook — the provider's events (Stripe's, or the local provider's, signed the
 * same way). The body is read raw: the signature covers its exact bytes. 400 for a bad signature
 * or payload (nothing changed), 2xx once processed or for a replay, 409 while the event's learner
 * is not known yet (the provider retries), 5xx on our faults (the provider retries too).
 */
export function billingWebhookHandler(services: () => Promise<Services> = getServices): NextApiHandler {
  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      res.status(405).json({ message: 'Webhooks are POSTed.' });
      return;
    }
    try {
      const raw = await readRawBody(req, MAX_WEBHOOK_BYTES);
      const signature = req.headers['stripe-signature'];
      const result = await (await services()).billing.handleWebhook(raw.toString('utf8'), Array.isArray(signature) ? signature[0] : signature);
      res.status(200).json(result);
    } catch (error) {
      if (isHttpError(error)) {
        if (error.status !== 409) logger.warn(`billing webhook refused: ${error.message}`);
        res.status(error.status).json({ message: error.message });
        return;
      }
      reportError(error, { area: 'billing', message: 'billing webhook failed' });
      res.status(500).json({ message: 'The event could not be processed; it will be retried.' });
    }
  };
}
