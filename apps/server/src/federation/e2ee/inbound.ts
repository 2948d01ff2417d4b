import { homeRelayActorUri } from './uris.js';
import {
  idsOf,
  isJsonObject,
  mlsTypeOf,
  MlsObjectError,
  parseMlsObject,
  singleId,
  type ParsedMlsObject,
} from './parse.js';
import { AS_PUBLIC } from './vocabulary.js';

/**
 * The shapes of the MLS traffic a Palchat server accepts, checked before anything is looked up (docs/FEDERATION.md,
 * "Encrypted chats (MLS)"). Fedify has already verified the HTTP signature and that its key is the activity's
 * actor's. Each reader throws MlsObjectError naming what is wrong; the inbox then drops the activity.
 */

type JsonObject = Record<string, unknown>;

/** Whether an activity carries MLS (an embedded MLS object, directly or in a relay): ours to handle. */
export function carriesMls(raw: JsonObject): boolean {
  const object = raw.object;
  if (!isJsonObject(object)) return false;
  if (mlsTypeOf(object.type) !== null) return true;
  return isJsonObject(object.object) && mlsTypeOf(object.object.type) !== null;
}

/** A member's server sent one of its people's MLS messages to be ordered: `Create` by them of a message. */
export interface Forwarded {
  object: ParsedMlsObject;
  /** the chat's collection (the `context`): homed on the receiving server, or the activity is not for it */
  collection: string;
}

/** The author (the activity's actor, to whom the object is attributed); the object's id is on `idOrigin`. */
function checkAuthorship(activity: JsonObject, object: ParsedMlsObject, idOrigin?: string): string {
  const actor = singleId(activity.actor, 'actor');
  if (object.attributedTo !== actor) throw new MlsObjectError('the object must be attributed to the actor');
  if (new URL(object.id).origin !== (idOrigin ?? new URL(actor).origin))
    throw new MlsObjectError("the object's id must be on its author's server");
  return actor;
}

/** `Create` of an MLS message by its author (a forward to the home server). */
export function readForwarded(raw: JsonObject): Forwarded {
  if (raw.type !== 'Create') throw new MlsObjectError('an MLS message arrives in a Create');
  const object = parseMlsObject(raw.object);
  if (object.type === 'KeyPackage') throw new MlsObjectError('not a message');
  checkAuthorship(raw, object);
  if (!object.context) throw new MlsObjectError("a chat's message names its collection (context)");
  if (idsOf(raw.to).some((id) => id === AS_PUBLIC || id === 'as:Public' || id === 'Public'))
    throw new MlsObjectError('an MLS message is never public');
  return { object, collection: object.context };
}

/** The home server's relay of an ordered message: `Announce` by its instance actor of the author's `Create`. */
export interface Relayed {
  /** the author's actor id */
  author: string;
  object: ParsedMlsObject;
  collection: string;
}

export function readRelay(raw: JsonObject): Relayed {
  if (raw.type !== 'Announce' || !isJsonObject(raw.object))
    throw new MlsObjectError('a relay is an Announce');
  const create = raw.object;
  if (create.type !== 'Create') throw new MlsObjectError('a relay announces a Create');
  const object = parseMlsObject(create.object);
  if (object.type === 'KeyPackage') throw new MlsObjectError('not a message');
  if (!object.context) throw new MlsObjectError("a chat's message names its collection (context)");
  // a Welcome (or GroupInfo) is the home server's to hand out: its id is there
  const handedOut = object.type === 'Welcome' || object.type === 'GroupInfo';
  const author = checkAuthorship(create, object, handedOut ? new URL(object.context).origin : undefined);
  // only the home server orders its chats: the relay must come from its instance actor
  if (singleId(raw.actor, 'actor') !== homeRelayActorUri(object.context))
    throw new MlsObjectError("a relay comes from the chat's home server");
  if (handedOut) {
    if (!object.chat.mlsGroupId || object.chat.mlsEpoch === null)
      throw new MlsObjectError('a relayed Welcome names the group id and the epoch it joins');
  } else if (object.mlsSeq === null) {
    throw new MlsObjectError('a relay carries its place in the order (mlsSeq)');
  }
  return { author, object, collection: object.context };
}
