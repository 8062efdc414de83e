import path from 'node:path';
import { logger } from '@/lib/logger';
import type { ServerEnv } from '@/server/config/server-env';
import { createKubernetesProvisioner } from './kubernetes-driver';
import { createLocalProvisioner } from './local-driver';
import type { Provisioner } from '@/domain/machines/machine-contracts';

/** The machine driver the configuration names (MACHINE_DRIVER): `local` by default, `kubernetes` in production. */
export function createProvisioner(env: ServerEnv): Provisioner {
  if (env.machines.driver === 'kubernetes') {
    const { namespace, image, storageClass, egressProxy } = env.machines.kubernetes;
    if (!image) throw new Error('MACHINE_IMAGE is required with MACHINE_DRIVER=kubernetes');
    return createKubernetesProvisioner({ namespace, image, storageClassName: storageClass ?? undefined, egressProxy, egressRules: env.machines.egress.rules });
  }
  return createLocalProvisioner({
    dataDir: path.resolve(env.dataDir),
    log: (message) => logger.info(message),
    egress: env.machines.egress,
    requireMachineLimits: env.machines.limits === 'machine',
  });
}
