import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient, useAuthUser } from '@/features/auth';
import type { Machine, MachineList } from '@/domain/machines/machine-dto';
import { machineEndpoints } from '@/lib/api-client/machine-endpoints';

export const machinesKey = (userId: string | null) => ['user', userId, 'machines'] as const;

export function useMachineEndpoints() {
  const client = useApiClient();
  return useMemo(() => machineEndpoints(client), [client]);
}

const changing = (machine: Machine) => machine.state === 'starting' || machine.state === 'stopping';

/** GET /instances; polled every 1.5 s while a machine is starting or stopping. */
export function useMachines() {
  const { id } = useAuthUser();
  const endpoints = useMachineEndpoints();
  return useQuery({
    queryKey: machinesKey(id),
    queryFn: () => endpoints.list(),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.machines.some(changing) ? 1500 : false),
  });
}

/** One machine, read from the list (one call keeps the list and the machine page in step). */
export function useMachine(machineId: string) {
  const machines = useMachines();
  return { ...machines, machine: machines.data?.machines.find((machine) => machine.id === machineId) ?? null };
}

/** Puts a machine the server answered into the cached list, then asks for the list again. */
export function useRememberMachine() {
  const { id } = useAuthUser();
  const queryClient = useQueryClient();
  return (machine: Machine | { deleted: true; id: string }) => {
    queryClient.setQueryData<MachineList>(machinesKey(id), (list) => {
      if (!list) return list;
      if ('deleted' in machine) return { ...list, machines: list.machines.filter((item) => item.id !== machine.id) };
      const known = list.machines.some((item) => item.id === machine.id);
      return { ...list, machines: known ? list.machines.map((item) => (item.id === machine.id ? machine : item)) : [...list.machines, machine] };
    });
    void queryClient.invalidateQueries({ queryKey: machinesKey(id), exact: true });
  };
}

export function useMachineAction<A extends unknown[]>(call: (...args: A) => Promise<Machine>) {
  const remember = useRememberMachine();
  return useMutation({ mutationFn: (args: A) => call(...args), onSuccess: remember });
}
