import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

/** A browser of this account that takes part in encrypted chats (docs/E2EE-API.md, Devices). */
export interface Device {
  id: string;
  name: string;
  created_at: string;
  last_active_at: string;
  /** SHA-256 of the signature public key, lowercase hex in groups of 4 */
  fingerprint: string;
  signature_public_key: string;
  key_packages_available: number;
  current?: boolean;
}

const DEVICES_KEY = ['settings', 'e2ee-devices'] as const;
/** the mutation key of removals: the section shows the state of the last one */
export const DEVICE_REMOVAL_KEY = ['settings', 'e2ee-devices', 'remove'];
const base = '/api/v1/e2ee/devices';

export const devicesApi = {
  list: (signal?: AbortSignal) => api.get<Device[]>(base, { signal }),
  remove: (id: string) => api.delete<unknown>(`${base}/${encodeURIComponent(id)}`),
};

/** The account's devices, newest first (revoked ones are gone). */
export function useDevices() {
  return useQuery({ queryKey: DEVICES_KEY, queryFn: ({ signal }) => devicesApi.list(signal) });
}

/**
 * Removes a device; the list drops it at once and is then read again. `afterRemoval` runs once the server
 * has removed it (this browser forgets its keys when it was this device).
 */
export function useRemoveDevice(afterRemoval: (id: string) => Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: DEVICE_REMOVAL_KEY,
    mutationFn: async (id: string) => {
      await devicesApi.remove(id);
      await afterRemoval(id);
    },
    onSuccess: (_data, id) =>
      client.setQueryData<Device[]>(DEVICES_KEY, (devices) => devices?.filter((device) => device.id !== id)),
    onSettled: () => client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}
