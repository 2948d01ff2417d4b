import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { runPeriodically } from '../lib/periodic.js';
import { sweepRetention } from './delivery.js';
import { registerConversationRoutes } from './routes/conversations.js';
import { registerDeviceRoutes } from './routes/devices.js';
import { registerMediaRoutes } from './routes/media.js';

/** End-to-end encrypted chats: the MLS Delivery Service and directory of docs/E2EE-API.md. */

export { changeMembership } from './conversations.js';
export {
  acceptRemoteEnvelope,
  acceptRemoteWelcome,
  createRemoteEncryptedConversation,
  storeRemoteKeyPackages,
  withdrawRemoteKeyPackage,
  type RemoteEnvelopeInput,
  type RemoteEnvelopeResult,
} from './remote.js';
export { sweepRetention } from './delivery.js';
export { serializeEnvelope, type MlsEnvelope } from './serializers.js';
export { CIPHERSUITE, MAX_MLS_MESSAGE_BYTES } from './framing.js';

const RETENTION_SWEEP_MS = 60 * 60_000;

export async function registerE2eeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerDeviceRoutes(app, ctx);
  registerConversationRoutes(app, ctx);
  await registerMediaRoutes(app, ctx);
  runPeriodically(app, 'encrypted chats retention sweep', RETENTION_SWEEP_MS, () => sweepRetention(ctx));
}
