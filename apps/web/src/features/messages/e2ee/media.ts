import type { EncryptedAttachment as WireAttachment, EncryptedChatClient } from '@palchat/e2ee';
import type { MessageMedia } from '../model';
import type { EncryptedAttachment } from './timeline';
import { toMedia } from './to-message';

/**
 * Media of encrypted chats: a picked file is encrypted here with a fresh key and its ciphertext uploaded
 * (@palchat/e2ee uploadAttachment); the key travels in the message. A received file is downloaded, checked
 * against its digest, decrypted, and shown from a blob: URL, kept for this tab by the encrypted file's URL.
 */
const blobUrls = new Map<string, string>();
const pendingDecryptions = new Map<string, Promise<string>>();
/** attachments uploaded by the composer, by the media id it holds, until the message is sent */
const uploaded = new Map<string, WireAttachment>();

export function mediaUrlOf(attachment: EncryptedAttachment): string {
  return blobUrls.get(attachment.url) ?? '';
}

async function imageSize(file: File): Promise<{ width: number; height: number } | undefined> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

/** Encrypts and uploads a picked file; the composer and the sent message show it from the original file. */
export async function uploadEncrypted(client: EncryptedChatClient, file: File): Promise<MessageMedia> {
  const attachment = await client.uploadAttachment(file, file.type, await imageSize(file));
  blobUrls.set(attachment.url, URL.createObjectURL(file));
  uploaded.set(attachment.url, attachment);
  const shown: EncryptedAttachment = {
    url: attachment.url,
    media_type: attachment.mediaType,
    key: attachment.key,
    iv: attachment.iv,
    digest: attachment.digest,
    width: attachment.width ?? null,
    height: attachment.height ?? null,
  };
  return toMedia(shown, mediaUrlOf(shown));
}

/** The attachments of a message about to be sent, from the composer's media. */
export function attachmentsFor(media: MessageMedia[]): WireAttachment[] {
  return media.flatMap((item) => {
    const attachment = uploaded.get(item.id);
    return attachment ? [attachment] : [];
  });
}

/** Downloads and decrypts the files not shown yet (a failed one stays without URL and is tried next time). */
export async function decryptAll(
  client: EncryptedChatClient,
  attachments: EncryptedAttachment[],
): Promise<void> {
  await Promise.all(attachments.map((a) => decryptOne(client, a).catch(() => '')));
}

function decryptOne(client: EncryptedChatClient, attachment: EncryptedAttachment): Promise<string> {
  const known = blobUrls.get(attachment.url);
  if (known) return Promise.resolve(known);
  let pending = pendingDecryptions.get(attachment.url);
  if (!pending) {
    pending = (async () => {
      const plain = await client.openAttachment({
        type: attachment.media_type.startsWith('video/') ? 'Video' : 'Image',
        mediaType: attachment.media_type,
        url: attachment.url,
        key: attachment.key,
        iv: attachment.iv,
        digest: attachment.digest,
      });
      const url = URL.createObjectURL(new Blob([new Uint8Array(plain)], { type: attachment.media_type }));
      blobUrls.set(attachment.url, url);
      return url;
    })().finally(() => pendingDecryptions.delete(attachment.url));
    pendingDecryptions.set(attachment.url, pending);
  }
  return pending;
}
