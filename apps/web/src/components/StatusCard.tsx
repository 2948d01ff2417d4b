/** The full status card lives with its feature (actions, media, polls); this path stays for lazy loading. */
export { StatusCard } from '../features/status/StatusCard';
