import { api } from '../../../api/client';
import type { MessageMedia } from '../model';
import type { DeviceClient } from './device-client';
import type { EncryptedAttachment } from './timeline';
import { toMedia } from './to-message';

/**
 * Media of encrypted chats: a picked file is encrypted here with a fresh key, its ciphertext uploaded
 * (POST /api/v1/e2ee/media), and the key travels in the message; a received file is downloaded, its digest
 * checked and decrypted, and shown from a blob: URL. The URLs of this tab's decrypted files are kept by the
 * encrypted file's URL.
 */
const blobUrls = new Map<string, string>();
const pendingDecryptions = new Map<string, Promise<string>>();
/** attachments uploaded by the composer, by the media id it holds, until the message is sent */
const uploaded = new Map<string, EncryptedAttachment>();

export function mediaUrlOf(attachment: EncryptedAttachment): string {
  return blobUrls.get(attachment.url) ?? '';
}

async function imageSize(file: File): Promise<{ width: number | null; height: number | null }> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function')
    return { width: null, height: null };
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: null, height: null };
  }
}

/** Encrypts and uploads a picked file; the composer shows it from the original file. */
export async function uploadEncrypted(client: DeviceClient, file: File): Promise<MessageMedia> {
  const [encrypted, size] = await Promise.all([
    client.encryptFile(new Uint8Array(await file.arrayBuffer())),
    imageSize(file),
  ]);
  const form = new FormData();
  form.append('file', new Blob([encrypted.ciphertext], { type: 'application/octet-stream' }), 'encrypted');
  const answer = await api.post<{ id: string; url: string; size: number }>('/api/v1/e2ee/media', form);
  const attachment: EncryptedAttachment = {
    url: answer.url,
    media_type: file.type,
    key: encrypted.key,
    iv: encrypted.iv,
    digest: encrypted.digest,
    ...size,
  };
  blobUrls.set(answer.url, URL.createObjectURL(file));
  uploaded.set(answer.url, attachment);
  return toMedia(attachment, mediaUrlOf(attachment));
}

/** The attachments of a message about to be sent, from the composer's media. */
export function attachmentsFor(media: MessageMedia[]): EncryptedAttachment[] {
  return media.flatMap((item) => {
    const attachment = uploaded.get(item.id);
    return attachment ? [attachment] : [];
  });
}

/** Downloads and decrypts the files not shown yet (a failed one stays without URL and is tried next time). */
export async function decryptAll(client: DeviceClient, attachments: EncryptedAttachment[]): Promise<void> {
  await Promise.all(attachments.map((a) => decryptOne(client, a).catch(() => '')));
}

function decryptOne(client: DeviceClient, attachment: EncryptedAttachment): Promise<string> {
  const known = blobUrls.get(attachment.url);
  if (known) return Promise.resolve(known);
  let pending = pendingDecryptions.get(attachment.url);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(attachment.url, { credentials: 'omit' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const plain = await client.decryptFile(new Uint8Array(await response.arrayBuffer()), attachment);
      const url = URL.createObjectURL(new Blob([plain], { type: attachment.media_type }));
      blobUrls.set(attachment.url, url);
      return url;
    })().finally(() => pendingDecryptions.delete(attachment.url));
    pendingDecryptions.set(attachment.url, pending);
  }
  return pending;
}
