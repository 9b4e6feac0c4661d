// SystemConfigController (/systemConfig/*) of jshERP-boot.
import type { FastifyInstance } from 'fastify';
import { jsonBody } from '../body.js';
import type { SandboxState } from '../store.js';
import { UnknownException, returnStr, sendFastjson, sendJackson } from '../wire.js';
import { checkQuery, readEntity, writeLog } from '../writes.js';
import { authOf } from '../auth-filter.js';
import { systemConfigJson } from '../list-resources.js';
import { sendWorkbook, spreadsheetXml } from '../exports.js';
import { SYSTEM_CONFIG, SYSTEM_CONFIG_FIELDS, snake, systemWriteKit } from '../system-writes.js';
import { listHandler } from '../list-routes.js';
import { isLive } from '../store.js';

export async function systemConfigRoutes(app: FastifyInstance, options: { state: SandboxState }): Promise<void> {
  const { state } = options;
  app.get('/systemConfig/list', listHandler(state, '/systemConfig/list'));
  systemConfigSystemRoutes(app, state);
  systemConfigExportRoutes(app);
  systemConfigPlatformRoutes(app, state);
}

function systemConfigSystemRoutes(app: FastifyInstance, state: SandboxState): void {
  const { writer, inTenant, writeConfig, configLabel } = systemWriteKit(state);
  app.post('/systemConfig/add', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, SYSTEM_CONFIG);
    const row: Record<string, unknown> = { id: state.nextId('systemConfigs'), tenant_id: w.tenantId, delete_flag: '0' };
    for (const field of SYSTEM_CONFIG_FIELDS) row[snake(field)] = null;
    writeConfig(row, entity);
    state.systemConfigs.push(row as (typeof state.systemConfigs)[number]);
    writeLog(w, '系统配置', `新增${configLabel(entity)}`, { checked: false });
    return sendFastjson(reply, returnStr(1));
  });

  app.put('/systemConfig/update', async (request, reply) => {
    const w = writer(request);
    const entity = readEntity(request, SYSTEM_CONFIG);
    const row = state.systemConfigs.find((c) => c.id === entity.id && isLive(c) && inTenant(w, c.tenant_id));
    if (row) {
      writeConfig(row, entity);
      writeLog(w, '系统配置', `修改${configLabel(entity)}`, { checked: false });
    }
    return sendFastjson(reply, returnStr(row ? 1 : 0));
  });

  app.get('/systemConfig/checkIsNameExist', async (request, reply) => {
    const w = writer(request);
    const { id, name } = checkQuery(request);
    const exists = state.systemConfigs.some(
      (c) => isLive(c) && inTenant(w, c.tenant_id) && c.id !== id && c.company_name === name,
    );
    return sendFastjson(reply, { code: 200, data: { status: exists, message: '成功' } });
  });

  // The upload size limit in bytes (BaseResponseInfo data: a number).
  app.get('/systemConfig/fileSizeLimit', async (_request, reply) =>
    sendJackson(reply, { code: 200, data: 10 * 1024 * 1024 }),
  );
}

function systemConfigExportRoutes(app: FastifyInstance): void {
  // The report pages build the sheet themselves and post it: {title, head: 'a,b,c', tip, list: [[…]]}.
  app.post('/systemConfig/exportExcelByParam', async (request, reply) => {
    const body = jsonBody(request);
    if (typeof body.title !== 'string' || typeof body.head !== 'string' || !Array.isArray(body.list)) {
      throw new UnknownException('title, head and list are required');
    }
    const rows = body.list.map((r) => (Array.isArray(r) ? r : [r]));
    const tip = typeof body.tip === 'string' ? body.tip : undefined;
    return sendWorkbook(reply, body.title, spreadsheetXml(body.title, body.head.split(','), rows, body.title, tip));
  });
}

function systemConfigPlatformRoutes(app: FastifyInstance, state: SandboxState): void {
  app.get('/systemConfig/getCurrentInfo', async (request, reply) => {
    const { tenantId } = authOf(request);
    const row = state.systemConfigs.find((c) => isLive(c) && (tenantId === 0 || c.tenant_id === tenantId));
    return sendJackson(reply, { code: 200, data: row ? systemConfigJson(row) : null });
  });
}
