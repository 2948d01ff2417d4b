import type { E2eeDevicesTable, E2eeEnvelopesTable } from '../db/schema.js';
import type { DeviceWithCount } from './store.js';

/** The entities of docs/E2EE-API.md. */

export interface Device {
  id: string;
  name: string;
  created_at: string;
  last_active_at: string;
  fingerprint: string;
  signature_public_key: string;
  key_packages_available: number;
}

export interface PublicDevice {
  id: string;
  account_id: string;
  created_at: string;
  fingerprint: string;
  signature_public_key: string;
}

export interface MlsEnvelope {
  id: string;
  seq: number;
  conversation_id: string;
  sender_id: string;
  sender_device_id: string | null;
  kind: E2eeEnvelopesTable['kind'];
  epoch: number;
  message: string;
  signal: boolean;
  created_at: string;
  device_id?: string;
}

export const serializeDevice = (row: DeviceWithCount): Device => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  last_active_at: row.last_active_at,
  fingerprint: row.fingerprint,
  signature_public_key: row.signature_public_key,
  key_packages_available: row.key_packages_available,
});

export const serializePublicDevice = (row: E2eeDevicesTable): PublicDevice => ({
  id: row.id,
  account_id: row.account_id,
  created_at: row.created_at,
  fingerprint: row.fingerprint,
  signature_public_key: row.signature_public_key,
});

export const serializeEnvelope = (row: E2eeEnvelopesTable): MlsEnvelope => ({
  id: row.id,
  seq: Number(row.seq),
  conversation_id: row.conversation_id,
  sender_id: row.sender_id,
  sender_device_id: row.sender_device_id,
  kind: row.kind,
  epoch: Number(row.epoch),
  message: row.message,
  signal: Number(row.signal) === 1,
  created_at: row.created_at,
  ...(row.target_device_id ? { device_id: row.target_device_id } : {}),
});
