// Server state kept for the session: one call per list and parameters, dropped by an accepted write to its module
// (or a module that filters it), kept through reads and refusals, all dropped at logout.
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeSessionCalls, http } from '../../lib/http';
import { sessionOptions, useSessionOptionsVersion } from '../../lib/session-options';
import { fakeBackend } from '../helpers/fake-backend';
import { signIn } from '../helpers/session';

afterEach(() => vi.unstubAllGlobals());

const OK = { code: 200, data: { message: '成功' } };

describe('session options', () => {
  it('asks once per list and parameters; a refused answer is not kept', async () => {
    signIn();
    let depotAnswer: unknown = { code: 500, data: '获取数据失败' };
    const api = fakeBackend({
      '/supplier/findBySelect_sup': [{ id: 60, supplier: '广州安盾劳保用品厂' }],
      '/depot/findDepotByCurrentUser': () => depotAnswer,
      '/person/getPersonByNumType': { code: 200, data: [] },
    });
    await Promise.all([
      sessionOptions('post', '/supplier/findBySelect_sup'),
      sessionOptions('post', '/supplier/findBySelect_sup', {}),
    ]);
    await sessionOptions('post', '/supplier/findBySelect_sup');
    expect(api.callsTo('/supplier/findBySelect_sup')).toHaveLength(1);

    await sessionOptions('get', '/person/getPersonByNumType', { type: 1 });
    await sessionOptions('get', '/person/getPersonByNumType', { type: 2 });
    expect(api.callsTo('/person/getPersonByNumType')).toHaveLength(2);

    expect(await sessionOptions('get', '/depot/findDepotByCurrentUser', undefined, { silent: true })).toEqual(
      depotAnswer,
    );
    depotAnswer = { code: 200, data: [{ id: 15 }] };
    await sessionOptions('get', '/depot/findDepotByCurrentUser');
    await sessionOptions('get', '/depot/findDepotByCurrentUser');
    expect(api.callsTo('/depot/findDepotByCurrentUser')).toHaveLength(2);
  });

  it("an accepted write drops its module's lists and those it filters; reads and refused writes drop none", async () => {
    signIn();
    let addAnswer: unknown = { code: 500, data: { message: '服务内部错误' } };
    const api = fakeBackend({
      '/supplier/findBySelect_sup': [],
      '/supplier/findBySelect_cus': [],
      '/depot/findDepotByCurrentUser': { code: 200, data: [] },
      '/account/getAccount': { code: 200, data: { accountList: [] } },
      '/supplier/add': () => addAnswer,
      '/userBusiness/update': OK,
    });
    const readAll = () =>
      Promise.all([
        sessionOptions('post', '/supplier/findBySelect_sup'),
        sessionOptions('post', '/supplier/findBySelect_cus'),
        sessionOptions('get', '/depot/findDepotByCurrentUser'),
        sessionOptions('get', '/account/getAccount'),
      ]);
    const count = () =>
      [
        '/supplier/findBySelect_sup',
        '/supplier/findBySelect_cus',
        '/depot/findDepotByCurrentUser',
        '/account/getAccount',
      ].map((path) => api.callsTo(path).length);
    await readAll();
    // A reading POST (the select itself) and a refused save change nothing.
    await http.post('/supplier/findBySelect_sup', {});
    await http.post('/supplier/add', { supplier: '天津某公司' }, { silent: true });
    await readAll();
    expect(count()).toEqual([2, 1, 1, 1]);

    addAnswer = OK;
    await http.post('/supplier/add', { supplier: '天津某公司' });
    await readAll();
    expect(count()).toEqual([3, 2, 1, 1]);

    // A grant (分配仓库 / 分配客户) changes the depots and customers the user may pick, not the suppliers.
    await http.put('/userBusiness/update', { id: 32, type: 'UserDepot', keyId: 63, value: [15] });
    await readAll();
    expect(count()).toEqual([3, 3, 2, 1]);
  });

  it('a logout drops everything: the next session asks again', async () => {
    signIn();
    const api = fakeBackend({ '/account/getAccount': { code: 200, data: { accountList: [] } } });
    await sessionOptions('get', '/account/getAccount');
    closeSessionCalls();
    signIn();
    await sessionOptions('get', '/account/getAccount');
    expect(api.callsTo('/account/getAccount')).toHaveLength(2);
  });

  it("a write's caller goes on before the selects on screen re-read: a save's list call leaves first", async () => {
    signIn();
    fakeBackend({ '/supplier/findBySelect_sup': [], '/supplier/add': OK });
    await sessionOptions('post', '/supplier/findBySelect_sup');
    const versions: number[] = [];
    function Select() {
      versions.push(useSessionOptionsVersion());
      return null;
    }
    render(<Select />);
    const before = versions.length;
    await http.post('/supplier/add', { supplier: '天津某公司' });
    // The caller's next step (a save closing its form and asking for the list again) runs before any re-render …
    expect(versions).toHaveLength(before);
    // … and the select re-reads a task later.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(versions.length).toBeGreaterThan(before);
    expect(versions.at(-1)).toBeGreaterThan(versions[before - 1]!);
  });
});
