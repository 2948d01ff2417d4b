import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** Every domain's routes, in one place so that the app factory stays small. */
export async function registerDomainRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
