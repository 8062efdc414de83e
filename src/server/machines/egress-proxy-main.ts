/**
 * The egress proxy as a program (the kubernetes driver's, deploy/egress): the machine image runs
 * `node /opt/codetrail/egress-proxy.js`. The local driver runs the same proxy inside the app instead.
 *
 *   MACHINE_EGRESS_ALLOW            the allow list (default: the package registries)
 *   MACHINE_EGRESS_UPSTREAM_PROXY   an operator's proxy to forward through (optional)
 *   EGRESS_PORT                     where to listen (default 3128)
 *   EGRESS_MAX_CONNECTIONS          connections at once per machine pod (default 32)
 */
import { z } from 'zod';
import { DEFAULT_EGRESS_ALLOW, MACHINE_PROXY_PORT, parseEgressAllowList } from '@/domain/machines/egress-rules';
import { createEgressProxy } from './egress-proxy';

const schema = z.object({
  MACHINE_EGRESS_ALLOW: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean)),
  MACHINE_EGRESS_UPSTREAM_PROXY: z.url({ protocol: /^http$/ }).optional(),
  EGRESS_PORT: z.coerce.number().int().min(1).max(65535).default(MACHINE_PROXY_PORT),
  EGRESS_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000).default(32),
});

export function egressProxyConfig(source: Record<string, string | undefined>) {
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const env = schema.parse(given);
  const allow = parseEgressAllowList(env.MACHINE_EGRESS_ALLOW.length > 0 ? env.MACHINE_EGRESS_ALLOW : DEFAULT_EGRESS_ALLOW);
  if (!allow.ok) throw new Error(`MACHINE_EGRESS_ALLOW: ${allow.message}.`);
  return { rules: allow.value, upstreamProxy: env.MACHINE_EGRESS_UPSTREAM_PROXY ?? null, port: env.EGRESS_PORT, maxConnections: env.EGRESS_MAX_CONNECTIONS };
}

if (require.main === module) {
  const config = egressProxyConfig(process.env);
  const server = createEgressProxy({ rules: config.rules, upstreamProxy: config.upstreamProxy, maxConnectionsPerClient: config.maxConnections, log: (message) => console.log(message) });
  server.listen(config.port, '0.0.0.0', () => console.log(`egress proxy listening on :${config.port} for ${config.rules.length} allowed host(s)`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
