import { z } from 'zod';
import { MACHINE_NAME_MAX, MACHINE_TEMPLATES, type MachineState, type MachineTemplateId } from './machine-rules';

const templateIds = MACHINE_TEMPLATES.map((template) => template.id) as [MachineTemplateId, ...MachineTemplateId[]];
const MACHINE_STATES = ['starting', 'running', 'stopping', 'stopped', 'error'] as const satisfies readonly MachineState[];

/** A machine as the API answers it (spec §7: each tagged `type: 'instance'`). Never carries the agent key. */
export const machineSchema = z.object({
  type: z.literal('instance'),
  id: z.string(),
  name: z.string(),
  template: z.enum(templateIds),
  templateName: z.string(),
  state: z.enum(MACHINE_STATES),
  /** Why the last start failed, in a sentence; null otherwise. */
  lastError: z.string().nullable(),
  diskBytes: z.number(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  /** When an idle running machine will be stopped; null unless running. */
  idleStopAt: z.string().nullable(),
});
export type Machine = z.infer<typeof machineSchema>;

/** GET /instances */
export const machineListSchema = z.object({
  machines: z.array(machineSchema),
  limits: z.object({
    maxMachines: z.number(),
    maxRunning: z.number(),
    diskMb: z.number(),
    memoryMb: z.number(),
    cpus: z.number(),
    /** What machines can reach, in a sentence (networkSummary): "No network: …" or "Network: package registries only (…)". */
    network: z.string(),
  }),
  templates: z.array(z.object({ id: z.enum(templateIds), name: z.string(), description: z.string() })),
});
export type MachineList = z.infer<typeof machineListSchema>;

/** GET /instance/login-token */
export const machineLoginTokenSchema = z.object({ token: z.string().min(1), expiresIn: z.number() });
export type MachineLoginToken = z.infer<typeof machineLoginTokenSchema>;

export const deletedMachineSchema = z.object({ deleted: z.literal(true) });

const nameSchema = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'Give the machine a name.')
  .max(MACHINE_NAME_MAX, `Names are at most ${MACHINE_NAME_MAX} characters.`);

export const createMachineBodySchema = z.object({
  template: z.enum(templateIds, { error: `template must be one of ${templateIds.join(', ')}` }),
  name: nameSchema.optional(),
});

export const renameMachineBodySchema = z.object({ name: nameSchema });
