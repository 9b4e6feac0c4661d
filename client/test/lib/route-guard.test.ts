import { expect, it } from 'vitest';
import { decideRoute, isPublicPath, landsOnHome, loginRedirectTarget, safeRedirect } from '../../lib/route-guard';

const decide = (pathname: string, loggedIn: boolean, menuReady = loggedIn, search = '') =>
  decideRoute({ pathname, search, loggedIn, menuReady });

it('logged in: / and /user/login go home', () => {
  expect(decide('/', true)).toEqual({ type: 'redirect', to: '/dashboard/analysis' });
  expect(decide('/user/login', true)).toEqual({ type: 'redirect', to: '/dashboard/analysis' });
  expect(decide('/user/login/', true)).toEqual({ type: 'redirect', to: '/dashboard/analysis' });
  expect(decide('/', true, false), 'even before the menu is loaded').toEqual({
    type: 'redirect',
    to: '/dashboard/analysis',
  });
});

it('logged out: public pages are allowed, everything else goes to login with the redirect kept', () => {
  for (const path of ['/user/login', '/user/register', '/user/register-result', '/user']) {
    expect(decide(path, false), path).toEqual({ type: 'allow' });
  }
  expect(decide('/bill/purchase_in', false, false, '?a=1')).toEqual({
    type: 'redirect',
    to: '/user/login?redirect=%2Fbill%2Fpurchase_in%3Fa%3D1',
  });
  expect(decide('/dashboard/analysis', false)).toEqual({
    type: 'redirect',
    to: '/user/login?redirect=%2Fdashboard%2Fanalysis',
  });
  expect(decide('/404', false)).toEqual({ type: 'redirect', to: '/user/login?redirect=%2F404' });
  expect(decide('/', false), 'the root needs no redirect').toEqual({ type: 'redirect', to: '/user/login' });
});

it('logged in without the menu: boot first; with it: allow', () => {
  expect(decide('/bill/purchase_in', true, false)).toEqual({ type: 'boot' });
  expect(decide('/bill/purchase_in', true, true)).toEqual({ type: 'allow' });
  expect(decide('/no/such/page', true, true), 'the router sends unknown paths to /404').toEqual({ type: 'allow' });
  expect(decide('/user/register', true, false), 'public pages do not wait for the menu').toEqual({ type: 'allow' });
});

it('isPublicPath and loginRedirectTarget', () => {
  expect(isPublicPath('/user/register-result')).toBeTruthy();
  expect(isPublicPath('/user/registerx')).toBeFalsy();
  expect(loginRedirectTarget('/system/role')).toBe('/user/login?redirect=%2Fsystem%2Frole');
});

it('safeRedirect accepts only local app paths', () => {
  expect(safeRedirect('/bill/purchase_in?x=1')).toBe('/bill/purchase_in?x=1');
  expect(safeRedirect('%2Fsystem%2Frole'), 'an encoded path').toBe('/system/role');
  expect(safeRedirect(null)).toBe(null);
  expect(safeRedirect('')).toBe(null);
  expect(safeRedirect('https://evil.example/')).toBe(null);
  expect(safeRedirect('//evil.example/')).toBe(null);
  expect(safeRedirect('/\\evil.example')).toBe(null);
  expect(safeRedirect('javascript:alert(1)')).toBe(null);
  expect(safeRedirect('/user/login?redirect=/x'), 'no loop back to login').toBe(null);
});

it('a session opening on the login page without a target, at home or at the bare address lands on home', () => {
  expect(landsOnHome('/user/login', '')).toBe(true);
  expect(landsOnHome('/user/login/', '?redirect=%2Fdashboard%2Fanalysis')).toBe(true);
  expect(landsOnHome('/dashboard/analysis', '')).toBe(true);
  expect(landsOnHome('/', '')).toBe(true);
  expect(landsOnHome('/user/login', '?redirect=%2Fbill%2Fpurchase_in')).toBe(false);
  expect(landsOnHome('/bill/purchase_in', '?number=CGRK00000000307')).toBe(false);
  // An address off this site is no target: the login lands on home.
  expect(landsOnHome('/user/login', '?redirect=https%3A%2F%2Fevil.example')).toBe(true);
});
