// The list's calls leave at the event that asks for them (a 查询, a reload), not after the render that follows it,
// and the render's own effect then takes that call instead of sending a second one; the window's focus back asks
// again.
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  firstAnswerWaitMs,
  useTablePage,
  type UseTablePageOptions,
} from '../../../components/table-page/use-table-page';
import { fakeBackend } from '../../helpers/fake-backend';
import { signIn } from '../../helpers/session';

const options: UseTablePageOptions = {
  listUrl: '/role/list',
  dataIndexes: ['name', 'description'],
  onWarn: () => undefined,
  onMissingUrl: () => undefined,
};

beforeEach(() => signIn());
afterEach(() => vi.unstubAllGlobals());

describe('useTablePage', () => {
  it('a search sends its call within the 查询 itself, and only once', async () => {
    const backend = fakeBackend({
      '/role/list': { code: 200, data: { rows: [{ id: 1, name: '销售经理', description: '' }], total: 1 } },
    });
    const calls = () => backend.callsTo('/role/list');
    const { result } = renderHook(() => useTablePage(options));
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(calls()).toHaveLength(1);

    let sentDuringSearch = 0;
    act(() => {
      result.current.search({ name: '销售' });
      // Still inside the event: React has not rendered the new query yet.
      sentDuringSearch = calls().length;
    });
    expect(sentDuringSearch).toBe(2);
    expect(JSON.parse(calls()[1]!.searchParams.get('search')!)).toMatchObject({ name: '销售' });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(calls(), 'the render took the call already sent').toHaveLength(2);
  });

  it('a reload sends its call within the event that asks for it, and only once', async () => {
    const backend = fakeBackend({
      '/role/list': { code: 200, data: { rows: [{ id: 1, name: '销售经理', description: '' }], total: 1 } },
    });
    const calls = () => backend.callsTo('/role/list');
    const { result } = renderHook(() => useTablePage(options));
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    let sentDuringReload = 0;
    act(() => {
      result.current.reload();
      sentDuringReload = calls().length;
    });
    expect(sentDuringReload).toBe(2);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(calls()).toHaveLength(2);
  });

  it("the window's focus back asks for the rows again: a bill another user saved shows without a click", async () => {
    const rows = [{ id: 1, name: '销售经理', description: '' }];
    const backend = fakeBackend({ '/role/list': () => ({ code: 200, data: { rows: [...rows], total: rows.length } }) });
    const { result } = renderHook(() => useTablePage(options));
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    rows.push({ id: 2, name: '仓管', description: '' });
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'));
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(backend.callsTo('/role/list')).toHaveLength(2);
  });
});

it('a page waits twice the expected time, within 40–160 ms, and not at all past 120 ms or with nothing known', () => {
  expect(firstAnswerWaitMs(undefined)).toBe(0);
  expect(firstAnswerWaitMs(5)).toBe(40);
  expect(firstAnswerWaitMs(50)).toBe(100);
  expect(firstAnswerWaitMs(95)).toBe(160);
  expect(firstAnswerWaitMs(120)).toBe(160);
  expect(firstAnswerWaitMs(121)).toBe(0);
});
