// LogController (/log/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { catalogueRoutes } from '../list-routes.js';
import { resourceActionRoutes } from '../resource-actions.js';
import type { SandboxState } from '../store.js';

export async function logRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  catalogueRoutes(app, state, 'log');
  resourceActionRoutes(app, state, 'log');
}
