// PlatformConfigController (/platformConfig/*) of jshERP-boot.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { jsonBody } from '../body.js';
import type { SandboxState } from '../store.js';
import { UnknownException, returnStr, sendFastjson, sendJackson, sendBareString } from '../wire.js';
import { isAdmin, queryId, queryIds, readEntity } from '../writes.js';
import { platformValue } from '../platform.js';
import { PLATFORM_CONFIG, systemWriteKit } from '../system-writes.js';
import { listHandler } from '../list-routes.js';

export async function platformConfigRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/platformConfig/list', listHandler(state, '/platformConfig/list'));
  platformConfigSystemRoutes(app, state);
  platformConfigPlatformRoutes(app, state);
}

function platformConfigSystemRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, deletePlatformConfigs } = systemWriteKit(state);
  // --- 平台参数 (admin only; not tenant-filtered; deletes are hard) -------------------------------------------------
  app.put('/platformConfig/update', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, PLATFORM_CONFIG);
    const row = isAdmin(w) ? state.platformConfigs.find((p) => p.id === entity.id) : undefined;
    if (row) {
      if (typeof entity.platformKey === 'string') row.platform_key = entity.platformKey;
      if (typeof entity.platformKeyInfo === 'string') row.platform_key_info = entity.platformKeyInfo;
      if (typeof entity.platformValue === 'string') row.platform_value = entity.platformValue;
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
  app.post('/platformConfig/add', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, PLATFORM_CONFIG);
    if (!isAdmin(w)) return sendFastjson(reply, returnStr(0));
    state.platformConfigs.push({
      id: state.nextId('platformConfigs'),
      platform_key: (entity.platformKey as string | null | undefined) ?? '',
      platform_key_info: (entity.platformKeyInfo as string | null | undefined) ?? '',
      platform_value: (entity.platformValue as string | null | undefined) ?? '',
    });
    return sendFastjson(reply, returnStr(1));
  });
  app.delete('/platformConfig/delete', async (request, reply) =>
    sendFastjson(reply, returnStr(deletePlatformConfigs(request, [queryId(request)]))),
  );
  app.delete('/platformConfig/deleteBatch', async (request, reply) =>
    sendFastjson(reply, returnStr(deletePlatformConfigs(request, queryIds(request)))),
  );
  // The login page's switches by key (admin only): 成功 when admin, else 服务内部错误.
  app.post('/platformConfig/updatePlatformConfigByKey', async (request, reply) => {
    const w = writer(request);
    const body = jsonBody(request);
    if (typeof body.platformKey !== 'string') throw new UnknownException('platformKey is required');
    const row = isAdmin(w) ? state.platformConfigs.find((p) => p.platform_key === body.platformKey) : undefined;
    if (row)
      row.platform_value =
        body.platformValue === null || body.platformValue === undefined
          ? row.platform_value
          : String(body.platformValue);
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });
}

function platformConfigPlatformRoutes(app: FastifyInstance, state: SandboxState): void {
  // Bare String return values written as application/json: axios turns `1` into the number 1.
  const platformText = (key: string, fallback: string) => async (_request: unknown, reply: FastifyReply) =>
    sendBareString(reply, platformValue(state, key) ?? fallback);
  app.get('/platformConfig/getPlatform/name', platformText('platform_name', 'ERP系统'));
  app.get('/platformConfig/getPlatform/url', platformText('platform_url', '#'));
  app.get('/platformConfig/getPlatform/checkcodeFlag', platformText('checkcode_flag', ''));
  app.get('/platformConfig/getPlatform/registerFlag', platformText('register_flag', ''));
  app.get('/platformConfig/getPlatform/appVersion', platformText('app_version', ''));

  // Not open (the filter's prefix is /platformConfig/getPlatform): needs a token.
  app.get('/platformConfig/getInfoByKey', async (request, reply) => {
    const key = (request.query as Record<string, unknown>).platformKey;
    if (typeof key !== 'string') throw new UnknownException('platformKey is required');
    if (key.includes('aliOss') || key.includes('weixin')) return sendJackson(reply, { code: 200, data: null });
    const row = state.platformConfigs.find((p) => p.platform_key === key);
    return sendJackson(reply, {
      code: 200,
      data: row
        ? {
            id: row.id,
            platformKey: row.platform_key,
            platformKeyInfo: row.platform_key_info,
            platformValue: row.platform_value,
          }
        : { id: null, platformKey: null, platformKeyInfo: null, platformValue: null },
    });
  });
}
