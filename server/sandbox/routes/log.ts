// LogController (/log/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { listHandler } from '../list-routes.js';
import { deleteBatchHandler, deleteHandler, infoHandler } from '../resource-actions.js';
import type { SandboxState } from '../store.js';

export async function logRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/log/list', listHandler(state, '/log/list'));
  app.get('/log/info', infoHandler(state, 'log'));
  app.delete('/log/delete', deleteHandler(state, 'log'));
  app.delete('/log/deleteBatch', deleteBatchHandler(state, 'log'));
}
