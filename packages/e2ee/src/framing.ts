/**
 * What an MLSMessage shows in the clear (RFC 9420 §6): wire format, and for handshake/application messages the
 * group id, epoch and content type. The Delivery Service orders by these; clients route by them.
 */
import { decodeMlsMessage, type MLSMessage } from 'ts-mls';

export type EnvelopeKind = 'commit' | 'proposal' | 'application' | 'welcome';

export interface Framing {
  wireformat: MLSMessage['wireformat'];
  /** for private and public messages */
  groupId?: Uint8Array;
  epoch?: number;
  kind?: EnvelopeKind;
}

/** Decodes an MLSMessage; undefined when the bytes are not one (never throws on untrusted input). */
export function decodeMessage(bytes: Uint8Array): MLSMessage | undefined {
  try {
    const result = decodeMlsMessage(bytes, 0);
    if (result === undefined || result[1] !== bytes.length) return undefined;
    return result[0];
  } catch {
    return undefined;
  }
}

export function readFraming(bytes: Uint8Array): Framing | undefined {
  const message = decodeMessage(bytes);
  if (message === undefined) return undefined;
  switch (message.wireformat) {
    case 'mls_private_message': {
      const { groupId, epoch, contentType } = message.privateMessage;
      return { wireformat: message.wireformat, groupId, epoch: Number(epoch), kind: contentType };
    }
    case 'mls_public_message': {
      const { groupId, epoch, contentType } = message.publicMessage.content;
      return { wireformat: message.wireformat, groupId, epoch: Number(epoch), kind: contentType };
    }
    case 'mls_welcome':
      return { wireformat: message.wireformat, kind: 'welcome' };
    default:
      return { wireformat: message.wireformat };
  }
}
