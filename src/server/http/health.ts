import type { NextApiHandler } from 'next';

/** Liveness for the start script and load balancers; touches nothing (also the benchmark baseline). */
export const healthHandler: NextApiHandler = (_req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).json({ status: 'ok' });
};
