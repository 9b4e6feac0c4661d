// The journeys' own records, made through the API before anything is timed, named with the run's mark so they never
// meet another run's rows or the seed's (the real backend's seed has no bills and other products than the
// sandbox's): a vendor, a product with its barcode (the line the scan adds), a few 采购入库 bills of it (the list has
// rows before the first save), and the original client's user — another user of jsh's tenant with jsh's role, so
// that the two clients never share a session and neither's writes can end the other's (the backend's same-second
// rule is per user), checked to see the same menu and the same buttons as jsh.
import { MD5_123456, type Row } from '../../test/support/api.js';
import { stockBillBody } from '../../test/support/fixtures.js';
import { loginTo, type BackendSession } from './backend.js';

export interface JourneyFixtures {
  /** The run's mark, in every name below. */
  mark: string;
  vendor: string;
  product: string;
  barCode: string;
  /** The user each client logs in as (password 123456). */
  users: { ours: string; original: string };
  /** Numbers of the bills made here. */
  bills: string[];
}

export const OURS_USER = 'jsh';
const BILLS = 3;

async function idOf(s: BackendSession, path: string, search: Row, field: string, value: string): Promise<Row> {
  const rows = (await s.get(path, { search, currentPage: 1, pageSize: 50 })).data.rows as Row[];
  const row = rows.find((r) => r[field] === value);
  if (!row) throw new Error(`${value} is not listed by ${path} after its add`);
  return row;
}

export async function makeJourneyFixtures(backendUrl: string, log: (line: string) => void): Promise<JourneyFixtures> {
  const mark = `B${Date.now().toString(36)}`;
  const jsh = await loginTo(backendUrl, OURS_USER);
  const vendor = `${mark}供应商`;
  await jsh.write('POST', '/supplier/add', { supplier: vendor, type: '供应商', enabled: true });
  const vendorRow = await idOf(jsh, '/supplier/list', { supplier: vendor, type: '供应商' }, 'supplier', vendor);

  const product = `${mark}商品`;
  const barCode = `8${String(Date.now()).slice(-9)}`;
  await jsh.write('POST', '/material/add', {
    name: product,
    unit: '件',
    enableSerialNumber: '0',
    enableBatchNumber: '0',
    sortList: [],
    imgName: '',
    meList: [
      {
        id: `${Date.now()}_tid-bench`,
        barCode,
        commodityUnit: '件',
        purchaseDecimal: 12.5,
        commodityDecimal: 19.9,
        wholesaleDecimal: 16,
        lowDecimal: 15,
      },
    ],
    stock: [],
    meDeleteIdList: [],
  });

  const depots = (await jsh.get('/depot/findDepotByCurrentUser')).data as Row[];
  const depot = depots.find((d) => d.isDefault) ?? depots[0];
  if (!depot) throw new Error(`${OURS_USER} has no depot to receive into`);
  const accounts = (await jsh.get('/account/getAccount')).data.accountList as Row[];
  const account = accounts.find((a) => a.isDefault) ?? accounts[0];
  if (!account) throw new Error(`${OURS_USER}'s tenant has no account to pay from`);
  const bills: string[] = [];
  for (let i = 0; i < BILLS; i++) {
    const number = `CGRK${String((await jsh.get('/sequence/buildNumber')).data.defaultNumber)}`;
    await jsh.write(
      'POST',
      '/depotHead/addDepotHeadAndDetail',
      stockBillBody(
        { number, type: '入库', subType: '采购', organId: vendorRow.id, accountId: account.id, remark: mark },
        [{ barCode, unit: '件', quantity: 5 + i, unitPrice: 12.5 }],
        depot.id,
      ),
    );
    bills.push(number);
  }

  // The original's user: jsh's role, so the same menu and buttons (checked below, not assumed).
  const original = mark.toLowerCase();
  const jshRow = await idOf(jsh, '/user/list', { loginName: OURS_USER }, 'loginName', OURS_USER);
  await jsh.write('POST', '/user/addUser', {
    loginName: original,
    username: `${mark}对照`,
    password: MD5_123456,
    roleId: jshRow.roleId,
    leaderFlag: '0',
    userBlngOrgaDsplSeq: '',
  });
  const other = await loginTo(backendUrl, original);
  const grants = async (s: BackendSession) =>
    JSON.stringify([
      (await s.call('POST', '/function/findMenuByPNumber', { pNumber: 0, userId: s.user.id })).json(),
      (await s.get('/user/getUserBtnByCurrentUser')).data,
    ]);
  if ((await grants(jsh)) !== (await grants(other)))
    throw new Error(
      `the original's user ${original} (role ${jshRow.roleId}) does not see ${OURS_USER}'s menu and buttons`,
    );
  log(
    `bench: fixtures ${mark}: vendor ${vendor}, product ${product} (${barCode}), bills ${bills.join(', ')}, ` +
      `the original's user ${original} (${OURS_USER}'s role ${jshRow.roleId}, same menu and buttons)`,
  );
  return { mark, vendor, product, barCode, users: { ours: OURS_USER, original }, bills };
}

/** Deletes the original's user again: each run adds one to the tenant, whose user count the home page shows. */
export async function removeJourneyUser(backendUrl: string, fixtures: JourneyFixtures): Promise<void> {
  const jsh = await loginTo(backendUrl, OURS_USER);
  const row = await idOf(
    jsh,
    '/user/list',
    { loginName: fixtures.users.original },
    'loginName',
    fixtures.users.original,
  );
  await jsh.write('DELETE', `/user/delete?id=${String(row.id)}`, undefined);
}
