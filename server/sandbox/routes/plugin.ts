// PluginController (/plugin/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import type { SandboxState } from '../store.js';
import { UnknownException, sendJackson } from '../wire.js';
import { isAdmin, writerOf } from '../writes.js';
import { macAddress } from '../system-writes.js';
import { listHandler } from '../list-routes.js';

export async function pluginRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/plugin/list', listHandler(state, '/plugin/list'));
  // The config page asks whether the workflow plugin is installed (多级审核): true when any listed id is.
  app.get('/plugin/checkByPluginId', async (request, reply) => {
    const ids = (request.query as Record<string, unknown>).pluginIds;
    if (typeof ids !== 'string') throw new UnknownException('pluginIds is required');
    const installed = new Set(
      (state.tables.plugin ?? []).map((p) => (p.pluginDescriptor as { pluginId?: string } | undefined)?.pluginId),
    );
    return sendJackson(reply, { code: 200, data: ids.split(',').some((id) => installed.has(id)) });
  });

  // PluginController.getMacWithSecret: md5 of the first MAC address `ifconfig -a` prints (ComputerInfo), "" when there
  // is none, as in a container without ifconfig.
  app.get('/plugin/getMacWithSecret', async (_request, reply) =>
    sendJackson(reply, { code: 200, data: createHash('md5').update(macAddress()).digest('hex') }),
  );

  // PluginController.install: only admin may upload; the sandbox runs no plugin framework, so every upload fails as
  // an unreadable jar does (导入失败).
  app.post('/plugin/uploadInstallPluginJar', async (request, reply) => {
    const w = writerOf(state, request);
    return sendJackson(reply, isAdmin(w) ? { code: 500, data: '导入失败' } : { code: 500, data: '抱歉，无操作权限！' });
  });
}
