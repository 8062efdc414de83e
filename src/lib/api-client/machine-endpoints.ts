import { deletedMachineSchema, machineListSchema, machineLoginTokenSchema, machineSchema } from '@/domain/machines/machine-dto';
import type { MachineTemplateId } from '@/domain/machines/machine-rules';
import type { ApiClient } from './api-client';

const machine = (id: string) => `/instances/${encodeURIComponent(id)}`;

/** Machines' API v1 (spec §7; docs/features/machines.md), answers checked with the shared DTO schemas. */
export function machineEndpoints(client: ApiClient) {
  return {
    list: () => client.request({ path: '/instances', errorKey: 'fetchMachines', schema: machineListSchema }),
    create: (template: MachineTemplateId, name?: string) => client.request({ method: 'POST', path: '/instances', body: { template, ...(name ? { name } : {}) }, errorKey: 'createMachine', schema: machineSchema }),
    get: (id: string) => client.request({ path: machine(id), errorKey: 'fetchMachine', schema: machineSchema }),
    rename: (id: string, name: string) => client.request({ method: 'PATCH', path: machine(id), body: { name }, errorKey: 'renameMachine', schema: machineSchema }),
    start: (id: string) => client.request({ method: 'POST', path: `${machine(id)}/start`, errorKey: 'startMachine', schema: machineSchema }),
    stop: (id: string) => client.request({ method: 'POST', path: `${machine(id)}/stop`, errorKey: 'stopMachine', schema: machineSchema }),
    remove: (id: string) => client.request({ method: 'DELETE', path: machine(id), errorKey: 'deleteMachine', schema: deletedMachineSchema }),
    loginToken: (id: string) => client.request({ path: '/instance/login-token', query: { machineId: id }, errorKey: 'fetchLoginToken', schema: machineLoginTokenSchema }),
  };
}

export type MachineEndpoints = ReturnType<typeof machineEndpoints>;
