import t from 'tap';
import { decideRoute, isPublicPath, loginRedirectTarget, safeRedirect } from '../../../client/lib/route-guard.js';

const decide = (pathname: string, loggedIn: boolean, menuReady = loggedIn, search = '') =>
  decideRoute({ pathname, search, loggedIn, menuReady });

t.test('logged in: / and /user/login go home', async (t) => {
  t.same(decide('/', true), { type: 'redirect', to: '/dashboard/analysis' });
  t.same(decide('/user/login', true), { type: 'redirect', to: '/dashboard/analysis' });
  t.same(decide('/user/login/', true), { type: 'redirect', to: '/dashboard/analysis' });
  t.same(decide('/', true, false), { type: 'redirect', to: '/dashboard/analysis' }, 'even before the menu is loaded');
});

t.test('logged out: public pages are allowed, everything else goes to login with the redirect kept', async (t) => {
  for (const path of ['/user/login', '/user/register', '/user/register-result', '/user']) {
    t.same(decide(path, false), { type: 'allow' }, path);
  }
  t.same(decide('/bill/purchase_in', false, false, '?a=1'), { type: 'redirect', to: '/user/login?redirect=%2Fbill%2Fpurchase_in%3Fa%3D1' });
  t.same(decide('/dashboard/analysis', false), { type: 'redirect', to: '/user/login?redirect=%2Fdashboard%2Fanalysis' });
  t.same(decide('/404', false), { type: 'redirect', to: '/user/login?redirect=%2F404' });
  t.same(decide('/', false), { type: 'redirect', to: '/user/login' }, 'the root needs no redirect');
});

t.test('logged in without the menu: boot first; with it: allow', async (t) => {
  t.same(decide('/bill/purchase_in', true, false), { type: 'boot' });
  t.same(decide('/bill/purchase_in', true, true), { type: 'allow' });
  t.same(decide('/no/such/page', true, true), { type: 'allow' }, 'the router sends unknown paths to /404');
  t.same(decide('/user/register', true, false), { type: 'allow' }, 'public pages do not wait for the menu');
});

t.test('isPublicPath and loginRedirectTarget', async (t) => {
  t.ok(isPublicPath('/user/register-result'));
  t.notOk(isPublicPath('/user/registerx'));
  t.equal(loginRedirectTarget('/system/role'), '/user/login?redirect=%2Fsystem%2Frole');
});

t.test('safeRedirect accepts only local app paths', async (t) => {
  t.equal(safeRedirect('/bill/purchase_in?x=1'), '/bill/purchase_in?x=1');
  t.equal(safeRedirect('%2Fsystem%2Frole'), '/system/role', 'an encoded path');
  t.equal(safeRedirect(null), null);
  t.equal(safeRedirect(''), null);
  t.equal(safeRedirect('https://evil.example/'), null);
  t.equal(safeRedirect('//evil.example/'), null);
  t.equal(safeRedirect('/\\evil.example'), null);
  t.equal(safeRedirect('javascript:alert(1)'), null);
  t.equal(safeRedirect('/user/login?redirect=/x'), null, 'no loop back to login');
});
