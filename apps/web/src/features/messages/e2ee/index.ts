import type { Conversation } from '../model';
import type * as Runtime from './runtime';

/**
 * The box's seam to encrypted chats. This module is light: the MLS code (@palchat/e2ee, ts-mls) and the device
 * session are in the lazy chunk `runtime.ts`, loaded only when an encrypted chat opens, a new chat is started, or
 * the expanded box tends its key packages; never with the first load of a page.
 */

/** The fields docs/E2EE-API.md adds to the conversation entity (absent from servers without encrypted chats). */
export interface EncryptionFields {
  encrypted?: boolean;
  mls_group_id?: string | null;
  mls_epoch?: number;
}

export function isEncrypted(conversation: Conversation | null | undefined): boolean {
  return conversation != null && 'encrypted' in conversation && conversation.encrypted === true;
}

/** Local ids of an encrypted chat's rows (`urn:uuid:` notes, `system:` rows); server message ids are digits. */
export function isLocalMessageId(id: string): boolean {
  return id.startsWith('urn:') || id.startsWith('system:');
}

export type EncryptionRuntime = typeof Runtime;

let runtime: Promise<EncryptionRuntime> | null = null;

/** The lazy chunk with the MLS client; a failed download is tried again by the next caller. */
export function loadEncryption(): Promise<EncryptionRuntime> {
  runtime ??= import('./runtime').catch((error: unknown) => {
    runtime = null;
    throw error;
  });
  return runtime;
}

export { EncryptionLock } from './EncryptionLock';
