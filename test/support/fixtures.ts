// Fixtures through the API, as a peer makes them: a login of its own through the gateway, then the same JSON calls
// the shell sends. For the journeys that need products, bills or users of their own (unique names), never the
// sandbox's tables.
//   apiSession(baseUrl, user)          – logs in (the captcha must be off) and returns get/post/put with the token.
//   apiLanes(baseUrl, n), inLanes(…)   – n sessions from n loopback addresses, and many writes of one module over them.
//   uniqueName(prefix)                 – a name no other test run uses.
//   addProduct(api, product)           – a product with one barcode, its opening stock in the first depot.
//   saveBill(api, kind, lines, extra)  – a stock bill as the bill form saves it; returns its number.
//   listedBill(api, kind, number)      – the bill list's row of that number; billLines(api, id) – its lines;
//   approveBills(api, ids)             – 审核; stockOf(api, materialId) – a product's stock.
//   defaultAccount(api)                – the account bills start with (made so when the tenant has none).
//   backendTimeZone(api)               – the zone of the backend's clock, for a browser whose 今日 must be the backend's.
//   userWithRole(t, api, role)         – a role of its own (another role's menus and buttons, its own price limit) and
//                                        a user holding it; both deleted when the test ends.
import { createHash } from 'node:crypto';
import { loginOver } from './api.js';
import { USERS } from './browser.js';

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

export interface ApiSession {
  token: string;
  userId: number;
  get(path: string): Promise<Json>;
  post(path: string, body: unknown): Promise<Json>;
  put(path: string, body: unknown): Promise<Json>;
  delete(path: string): Promise<Json>;
}

/** A session of `user` on the gateway at `baseUrl` (api.ts's loginOver) whose calls answer the parsed JSON. */
export async function apiSession(
  baseUrl: string,
  user: { loginName: string; password: string } = USERS.jsh,
  { from }: { from?: string } = {},
): Promise<ApiSession> {
  const session = await loginOver(baseUrl, user.loginName, md5(user.password), from ? { from } : {});
  const json = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const answer = await session.call(method, path, body);
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`${method} ${path} answered HTTP ${answer.status}`);
    return answer.json();
  };
  return {
    token: session.token,
    userId: Number(session.user.id),
    get: (path) => json('GET', path),
    post: (path, body) => json('POST', path, body),
    put: (path, body) => json('PUT', path, body),
    delete: (path) => json('DELETE', path),
  };
}

/**
 * Sessions of `user` logged in from loopback addresses of their own (127.0.0.11, 127.0.0.12, …). The backend's
 * same-second rule and the gateway's pacing both key a write by user, module and client address: from one address the
 * writes of one module go one per 1.5 s, from `count` addresses `count` at a time, as from clerks at several desks.
 * Only for writes that take no bill number and share no row (products, depots): jshERP-boot gives up on its bill-number
 * lock after 100 ms (SequenceService.buildOnlyNumber: 获取唯一单据编号失败，请稍后重试), and receipts settling one
 * sale side by side deadlock in its database (数据写入异常); bills go one after another.
 */
export async function apiLanes(
  baseUrl: string,
  count: number,
  user: { loginName: string; password: string } = USERS.jsh,
): Promise<ApiSession[]> {
  return Promise.all(Array.from({ length: count }, (_, n) => apiSession(baseUrl, user, { from: `127.0.0.${11 + n}` })));
}

/** `make(n, lane)` for n = 0 … count − 1, lane after lane (n on lane n mod lanes, each lane's in turn); the results
 *  in n's order. */
export async function inLanes<T>(
  lanes: ApiSession[],
  count: number,
  make: (n: number, lane: ApiSession) => Promise<T>,
): Promise<T[]> {
  const made: T[] = new Array<T>(count);
  await Promise.all(
    lanes.map(async (lane, first) => {
      for (let n = first; n < count; n += lanes.length) made[n] = await make(n, lane);
    }),
  );
  return made;
}

let counter = 0;
export const uniqueName = (prefix: string): string =>
  `${prefix}${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}`;

/** A 13-digit barcode no seeded product uses (the seed's are 7 digits). */
export const uniqueBarCode = (): string =>
  `69${String(Date.now()).slice(-9)}${String(counter++ % 100).padStart(2, '0')}`;

/** The write answer the backend gives on success, or the reason it refused. */
function expectSaved(answer: Json, what: string): void {
  if (answer.code !== 200) throw new Error(`${what} refused: ${JSON.stringify(answer)}`);
}

/** The caller's depots, first the default one. */
export async function depotsOf(api: ApiSession): Promise<Array<{ id: number; depotName: string }>> {
  const answer = await api.get('/depot/findDepotByCurrentUser');
  const depots = answer.data as Array<{ id: number; depotName: string; isDefault?: boolean }>;
  // The bill form starts its lines in the default depot: fixtures go there (a fresh jshERP-boot lists it second).
  return [...depots.filter((d) => d.isDefault === true), ...depots.filter((d) => d.isDefault !== true)];
}

export interface NewProduct {
  name: string;
  barCode: string;
  unit?: string;
  purchasePrice?: number;
  retailPrice?: number;
  salePrice?: number;
  /** Opening stock in the caller's first depot. */
  initialStock?: number;
  /** Its safety stock there (below it the product shows in 库存预警). */
  lowSafeStock?: number;
}

/** Adds a product as the product form does and returns its id. */
export async function addProduct(api: ApiSession, product: NewProduct): Promise<number> {
  const [depot] = await depotsOf(api);
  const body = {
    name: product.name,
    unit: product.unit ?? '个',
    enableSerialNumber: '0',
    enableBatchNumber: '0',
    sortList: [],
    imgName: '',
    meList: [
      {
        id: `${Date.now()}000000_tid-${product.barCode}`,
        barCode: product.barCode,
        commodityUnit: product.unit ?? '个',
        purchaseDecimal: product.purchasePrice ?? 5,
        commodityDecimal: product.retailPrice ?? 8,
        wholesaleDecimal: product.salePrice ?? 7,
        lowDecimal: '',
      },
    ],
    stock: depot
      ? [
          {
            id: depot.id,
            name: depot.depotName,
            initStock: String(product.initialStock ?? ''),
            lowSafeStock: String(product.lowSafeStock ?? ''),
            highSafeStock: '',
          },
        ]
      : [],
    meDeleteIdList: [],
  };
  expectSaved(await api.post('/material/add', body), `product ${product.name}`);
  const found = await api.get(
    `/material/list?search=${encodeURIComponent(JSON.stringify({ materialParam: product.barCode }))}&currentPage=1&pageSize=10`,
  );
  const row = (found.data.rows as Json[]).find((r) => r.name === product.name);
  if (!row) throw new Error(`product ${product.name} not listed after its save`);
  return Number(row.id);
}

/**
 * The tenant's default account, the one the bill forms start with. A shared backend may have none left (a journey
 * deleted it); then the first account is made the default, as a clerk would before billing.
 */
export async function defaultAccount(api: ApiSession): Promise<{ id: number; name: string }> {
  const accounts = (await api.get('/account/getAccount')).data.accountList as Json[];
  const held = accounts.find((a) => a.isDefault === true);
  if (held) return { id: Number(held.id), name: String(held.name) };
  const first = accounts[0];
  if (!first) throw new Error('no account to bill with');
  expectSaved(await api.post('/account/updateIsDefault', { id: first.id }), `default account ${first.name}`);
  return { id: Number(first.id), name: String(first.name) };
}

/** The stock bills a test saves, with the type and subType the bill form sends for each. */
export const BILL_KINDS = {
  purchaseIn: { type: '入库', subType: '采购', prefix: 'CGRK', partner: 'supplier' },
  purchaseBack: { type: '出库', subType: '采购退货', prefix: 'CGTH', partner: 'supplier' },
  saleOut: { type: '出库', subType: '销售', prefix: 'XSCK', partner: 'customer' },
  retailOut: { type: '出库', subType: '零售', prefix: 'LSCK', partner: 'member' },
  transfer: { type: '出库', subType: '调拨', prefix: 'DBCK', partner: null },
} as const;

export interface BillLine {
  barCode: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  /** A 调拨's receiving depot. */
  anotherDepotId?: number;
}

/** The China-time `yyyy-MM-dd HH:mm:ss` of now, a bill's operTime. */
export const chinaNow = (): string => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** A partner of the kind the bill needs: the first the caller's select offers. */
async function firstPartner(api: ApiSession, partner: 'supplier' | 'customer' | 'member'): Promise<number> {
  const path = {
    supplier: '/supplier/findBySelect_sup',
    customer: '/supplier/findBySelect_cus',
    member: '/supplier/findBySelect_retail',
  }[partner];
  const answer = await api.post(path, {});
  const list = answer as unknown as Json[];
  if (!list?.[0]) throw new Error(`no ${partner} to bill`);
  return Number(list[0].id);
}

/**
 * The body of /depotHead/addDepotHeadAndDetail for a stock bill: now (China time), tax 0, paid in full, unaudited,
 * every line in `depotId`; `head` names the bill and may set any other field of its head.
 */
export function stockBillBody(
  head: Json & { number: string; type: string; subType: string },
  lines: BillLine[],
  depotId: unknown,
): { info: string; rows: string } {
  const total = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const sign = head.type === '入库' ? -1 : 1;
  const info = {
    operTime: chinaNow(),
    totalPrice: sign * total,
    changeAmount: sign * total,
    discount: 0,
    discountMoney: 0,
    discountLastMoney: total,
    otherMoney: 0,
    debt: 0,
    status: '0',
    ...head,
  };
  const rows = lines.map((line, index) => ({
    id: `row_${index}`,
    barCode: line.barCode,
    unit: line.unit,
    operNumber: String(line.quantity),
    unitPrice: line.unitPrice,
    allPrice: line.quantity * line.unitPrice,
    taxRate: 0,
    taxMoney: 0,
    taxLastMoney: line.quantity * line.unitPrice,
    depotId,
    ...(line.anotherDepotId === undefined ? {} : { anotherDepotId: line.anotherDepotId }),
    preNumber: '',
    finishNumber: '',
    snList: '',
    batchNumber: '',
  }));
  return { info: JSON.stringify(info), rows: JSON.stringify(rows) };
}

/**
 * Saves a stock bill of `kind` with these lines (in the caller's first depot, tax 0, paid in full from the default
 * account unless `head` says otherwise) and returns its number.
 */
export async function saveBill(
  api: ApiSession,
  kind: keyof typeof BILL_KINDS,
  lines: BillLine[],
  head: Json = {},
): Promise<string> {
  const { type, subType, prefix, partner } = BILL_KINDS[kind];
  const [depot] = await depotsOf(api);
  const sequence = await api.get('/sequence/buildNumber');
  const number = `${prefix}${String(sequence.data.defaultNumber)}`;
  const accounts = (await api.get('/account/getAccount')).data.accountList as Json[];
  const account = accounts.find((a) => a.isDefault === true) ?? accounts[0];
  const body = stockBillBody(
    {
      number,
      type,
      subType,
      organId: partner ? await firstPartner(api, partner) : null,
      accountId: account?.id ?? null,
      ...head,
    },
    lines,
    depot?.id ?? null,
  );
  expectSaved(await api.post('/depotHead/addDepotHeadAndDetail', body), `${subType} ${number}`);
  return number;
}

const search = (o: unknown): string => encodeURIComponent(JSON.stringify(o));

/**
 * The row the bill list answers for this number, or undefined: /depotHead/list with the bill's type and subType
 * (jshERP-boot refuses the list without them), as a peer reads what the shell saved.
 */
export async function listedBill(
  api: ApiSession,
  kind: { type: string; subType: string },
  number: string,
): Promise<Json | undefined> {
  const query = { number, type: kind.type, subType: kind.subType };
  const answer = await api.get(`/depotHead/list?search=${search(query)}&currentPage=1&pageSize=10`);
  if (answer.code !== 200) throw new Error(`bill list refused: ${JSON.stringify(answer)}`);
  return (answer.data.rows as Json[]).find((row) => row.number === number);
}

/** The lines of a bill (its id), as its form reads them back: /depotItem/getDetailList. */
export async function billLines(api: ApiSession, headerId: number): Promise<Json[]> {
  const answer = await api.get(`/depotItem/getDetailList?headerId=${headerId}&mpList=&linkType=basic`);
  if (answer.code !== 200) throw new Error(`bill lines refused: ${JSON.stringify(answer)}`);
  return (answer.data.rows as Json[]).filter((row) => row.id !== undefined && row.id !== null);
}

/** A product's stock over the caller's depots, as /material/getMaterialDepotStock answers it. */
export async function stockOf(api: ApiSession, materialId: number): Promise<number> {
  const answer = await api.get(`/material/getMaterialDepotStock?materialId=${materialId}&currentPage=1&pageSize=100`);
  if (answer.code !== 200) throw new Error(`stock refused: ${JSON.stringify(answer)}`);
  return (answer.data.rows as Json[]).reduce((sum, row) => sum + Number(row.currentNumber), 0);
}

/** 审核 of these bills, as the list's button sends it. */
export async function approveBills(api: ApiSession, ids: number[]): Promise<void> {
  expectSaved(await api.post('/depotHead/batchSetStatus', { status: '1', ids: ids.join(',') }), `审核 of ${ids}`);
}

/** The function ids a grant tree holds: every checked leaf and the folders above it. */
function heldFunctions(nodes: Json[], above: number[] = []): number[] {
  const held: number[] = [];
  for (const node of nodes) {
    const path = node.id === 0 ? above : [...above, Number(node.id)];
    if (Array.isArray(node.children)) held.push(...heldFunctions(node.children as Json[], path));
    else if (node.checked === true) held.push(...path);
  }
  return [...new Set(held)];
}

/** The function ids of the menu leaf titled `title` and the folders above it, or [] when the tree lacks it. */
function functionsTo(nodes: Json[], title: string, above: number[] = []): number[] {
  for (const node of nodes) {
    const path = node.id === 0 ? above : [...above, Number(node.id)];
    if (Array.isArray(node.children)) {
      const found = functionsTo(node.children as Json[], title, path);
      if (found.length > 0) return found;
    } else if (node.title === title) return path;
  }
  return [];
}

/**
 * A role made for one test — the menus and buttons of `like` (a role name, default the caller's tenant's first
 * role), its own `priceLimit` (屏蔽… digits, e.g. '4' 屏蔽单据采购价), and the menu leaves titled in `withMenus`
 * on top, without any button — and a user holding it (password 123456). Both are deleted when the test ends.
 */
export async function userWithRole(
  t: { teardown(fn: () => unknown): void },
  api: ApiSession,
  role: { priceLimit: string; like?: string; withMenus?: string[] },
): Promise<{ loginName: string; password: string }> {
  const roles = (await api.get('/role/allList')) as unknown as Json[];
  const source = roles.find((r) => (role.like ? r.name === role.like : true));
  if (!source) throw new Error(`no role ${role.like ?? ''} to copy`);
  const name = uniqueName('角色');
  expectSaved(
    await api.post('/role/add', { name, type: source.type, priceLimit: role.priceLimit, description: '', sort: '' }),
    `role ${name}`,
  );
  const listed = await api.get(`/role/list?search=${search({ name })}&currentPage=1&pageSize=10`);
  const roleId = Number((listed.data.rows as Json[]).find((r) => r.name === name)!.id);
  let userId: number | null = null;
  // The user goes first: a role still held is not deleted.
  t.teardown(async () => {
    if (userId !== null) await api.delete(`/user/delete?id=${userId}`);
    await api.delete(`/role/delete?id=${roleId}`);
  });
  const tree = (await api.get(
    `/function/findRoleFunction?UBType=RoleFunctions&UBKeyId=${source.id}`,
  )) as unknown as Json[];
  const added = (role.withMenus ?? []).map((title) => {
    const path = functionsTo(tree, title);
    if (path.length === 0) throw new Error(`no menu ${title} to grant`);
    return path;
  });
  const menus = [...new Set([...heldFunctions(tree), ...added.flat()])];
  expectSaved(
    await api.post('/userBusiness/add', { type: 'RoleFunctions', keyId: String(roleId), value: menus }),
    `menus of ${name}`,
  );
  const buttons = await api.get(`/function/findRoleFunctionsById?roleId=${source.id}`);
  const btnStr = ((buttons.data?.rows ?? []) as Json[])
    .filter((r) => r.btnStr)
    .map((r) => ({ funId: r.id, btnStr: r.btnStr }));
  expectSaved(
    await api.post('/userBusiness/updateBtnStr', { roleId, btnStr: JSON.stringify(btnStr) }),
    `buttons of ${name}`,
  );
  const loginName = `u${Date.now().toString(36).slice(-6)}${(counter++).toString(36)}`;
  expectSaved(
    await api.post('/user/addUser', { loginName, username: uniqueName('店员'), password: md5('123456'), roleId }),
    `user ${loginName}`,
  );
  const users = await api.get(`/user/list?search=${search({ loginName })}&currentPage=1&pageSize=10`);
  userId = Number((users.data.rows as Json[]).find((u) => u.loginName === loginName)!.id);
  return { loginName, password: '123456' };
}

/**
 * The time zone the backend keeps its clock in, for the browser of a journey whose 今日 must be the backend's (a bill
 * dated by the browser's clock counts in 今日零售 only when the backend's today holds it). Read as the 操作日志 shows
 * it: its newest entry's wall time (createTimeStr) against its instant (createTime). The sandbox keeps China time;
 * a jshERP-boot keeps its JVM's zone, which need not be China's.
 */
export async function backendTimeZone(api: ApiSession): Promise<string> {
  const answer = await api.get(`/log/list?search=${search({})}&currentPage=1&pageSize=1`);
  const entry = (answer.data?.rows as Json[] | undefined)?.[0];
  if (!entry) throw new Error(`no log entry to read the backend's clock from: ${JSON.stringify(answer)}`);
  const wall = Date.parse(`${String(entry.createTimeStr).replace(' ', 'T')}Z`);
  const instant = Date.parse(String(entry.createTime).replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  const hours = Math.round((wall - instant) / 3_600_000);
  if (!Number.isFinite(hours)) throw new Error(`the log's times do not read: ${JSON.stringify(entry)}`);
  if (hours === 8) return 'Asia/Shanghai';
  // Etc/GMT's sign is POSIX's: Etc/GMT-8 is eight hours ahead of UTC.
  return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}
