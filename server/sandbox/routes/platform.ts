// Platform and company settings the shell reads (getPlatform/*, getInfoByKey, getCurrentInfo).
import type { FastifyInstance } from 'fastify';
import { authOf } from '../auth-filter.js';
import { systemConfigJson } from '../list-resources.js';
import type { SandboxState } from '../store.js';
import { UnknownException, sendBareString, sendJackson } from '../wire.js';

export interface PlatformRoutesOptions {
  state: SandboxState;
}

export async function platformRoutes(app: FastifyInstance, options: PlatformRoutesOptions): Promise<void> {
  const { state } = options;
  const value = (key: string): string | undefined => state.platformConfigs.find((p) => p.platform_key === key)?.platform_value;

  // Bare String return values written as application/json: axios turns `1` into the number 1.
  const getters: [string, string, string][] = [
    ['name', 'platform_name', 'ERP系统'],
    ['url', 'platform_url', '#'],
    ['checkcodeFlag', 'checkcode_flag', ''],
    ['registerFlag', 'register_flag', ''],
    ['appVersion', 'app_version', ''],
  ];
  for (const [path, key, fallback] of getters) {
    app.get(`/platformConfig/getPlatform/${path}`, async (_request, reply) => sendBareString(reply, value(key) ?? fallback));
  }

  // Not open (the filter's prefix is /platformConfig/getPlatform): needs a token.
  app.get('/platformConfig/getInfoByKey', async (request, reply) => {
    const key = (request.query as Record<string, unknown>).platformKey;
    if (typeof key !== 'string') throw new UnknownException('platformKey is required');
    if (key.includes('aliOss') || key.includes('weixin')) return sendJackson(reply, { code: 200, data: null });
    const row = state.platformConfigs.find((p) => p.platform_key === key);
    return sendJackson(reply, {
      code: 200,
      data: row
        ? { id: row.id, platformKey: row.platform_key, platformKeyInfo: row.platform_key_info, platformValue: row.platform_value }
        : { id: null, platformKey: null, platformKeyInfo: null, platformValue: null },
    });
  });

  app.get('/systemConfig/getCurrentInfo', async (request, reply) => {
    const { tenantId } = authOf(request);
    const row = state.systemConfigs.find((c) => c.delete_flag !== '1' && (tenantId === 0 || c.tenant_id === tenantId));
    return sendJackson(reply, { code: 200, data: row ? systemConfigJson(row) : null });
  });

  // The dump has no jsh_material_property rows.
  app.get('/materialProperty/getAllList', async (request, reply) => {
    const { tenantId } = authOf(request);
    const rows = (state.tables.materialProperty ?? []).filter((r) => r.deleteFlag !== '1' && (tenantId === 0 || r.tenantId === tenantId));
    return sendJackson(reply, { code: 200, data: rows });
  });
}
