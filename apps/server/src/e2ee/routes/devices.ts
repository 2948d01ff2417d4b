import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { heartbeat, listDevices, publicDevices, registerDevice, removeDevice } from '../devices.js';
import { claimKeyPackages, eligibility, uploadKeyPackages } from '../key-packages.js';
import {
  accountParamsSchema,
  claimBodySchema,
  eligibilityQuerySchema,
  idParamsSchema,
  registerDeviceBodySchema,
  uploadKeyPackagesBodySchema,
} from '../schema.js';

const BASE = '/api/v1/e2ee';

export function registerDeviceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(`${BASE}/devices`, async (request, reply) => {
    const viewer = requireAccount(request);
    const body = registerDeviceBodySchema.parse(request.body ?? {});
    return reply.status(201).send(await registerDevice(ctx, viewer, body));
  });

  app.get(`${BASE}/devices`, async (request) => listDevices(ctx, requireAccount(request)));

  app.delete(`${BASE}/devices/:id`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    await removeDevice(ctx, viewer, id);
    return {};
  });

  app.post(`${BASE}/devices/:id/heartbeat`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return heartbeat(ctx, viewer, id);
  });

  app.get(`${BASE}/accounts/:account_id/devices`, async (request) => {
    requireAccount(request);
    const { account_id } = accountParamsSchema.parse(request.params);
    return publicDevices(ctx, account_id);
  });

  app.post(`${BASE}/devices/:id/key_packages`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const { key_packages } = uploadKeyPackagesBodySchema.parse(request.body ?? {});
    return uploadKeyPackages(ctx, viewer, id, key_packages);
  });

  app.post(`${BASE}/key_packages/claim`, async (request) => {
    const viewer = requireAccount(request);
    return claimKeyPackages(ctx, viewer, claimBodySchema.parse(request.body ?? {}));
  });

  app.get(`${BASE}/eligibility`, async (request) => {
    requireAccount(request);
    const query = eligibilityQuerySchema.parse(request.query);
    return eligibility(ctx, [...(query['account_ids[]'] ?? []), ...(query.account_ids ?? [])]);
  });
}
