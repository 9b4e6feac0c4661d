// The home page's figures and charts over a faked backend: each figure shows its own answer as money, a figure or
// chart the role's price limit hides (`***`) shows no amount, and the platform admin (empty data) gets neither.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AnalysisPage from '../../../features/dashboard/components/analysis-page';
import { startHomeFigureCalls } from '../../../features/dashboard/api';
import { fakeBackend } from '../../helpers/fake-backend';
import { renderInShell } from '../../helpers/render-page';
import { signIn } from '../../helpers/session';

vi.setConfig({ testTimeout: 30_000 });

const STATISTICS = {
  todaySale: 0,
  todayRetailSale: 35.5,
  todayBuy: 1200,
  monthSale: 12345.6,
  monthRetailSale: 335.5,
  monthBuy: -80,
  yesterdaySale: 880,
  yesterdayRetailSale: 0,
  yesterdayBuy: 640,
  yearSale: 1234567.891,
  yearRetailSale: 9876.5,
  yearBuy: 54321,
};
const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
const series = (values: Array<number | string>) => MONTHS.map((x, i) => ({ x, y: values[i] }));

const PAY_FEE_URL = 'https://pay.example.com/fee';

function answers(statistics: unknown, monthly: unknown, expireTime = '2099-01-01 00:00:00') {
  return fakeBackend({
    '/systemConfig/getCurrentInfo': { code: 200, data: { companyName: '南通某某贸易有限公司' } },
    '/user/infoWithTenant': { code: 200, data: { type: '1', expireTime, userCurrentNum: 3, userNumLimit: 10 } },
    '/platformConfig/getInfoByKey': { code: 200, data: { platformKey: 'pay_fee_url', platformValue: PAY_FEE_URL } },
    '/depotHead/getBuyAndSaleStatistics': { code: 200, data: statistics },
    '/depotItem/buyOrSalePrice': { code: 200, data: monthly },
  });
}

const figure = (key: string) => screen.getByTestId(`figure-${key}`);
const barTitles = (kind: string) =>
  Array.from(screen.getByTestId(`chart-${kind}`).querySelectorAll('rect title')).map((node) => node.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('AnalysisPage figures and charts', () => {
  it('shows every figure under its label as money, and each chart its six months', async () => {
    const backend = answers(STATISTICS, {
      salePriceList: series([100, 0, 250.5, 0, 3000, 12345.6]),
      retailPriceList: series([0, 0, 0, 0, 20, 335.5]),
      buyPriceList: series([500, 600, 0, 0, 0, -80]),
    });
    renderInShell(<AnalysisPage />);
    await waitFor(() => expect(within(figure('yearSale')).getByText('¥1,234,567.89')).toBeInTheDocument());
    const expected: Record<string, [string, string]> = {
      todaySale: ['今日销售', '¥0.00'],
      todayRetailSale: ['今日零售', '¥35.50'],
      todayBuy: ['今日采购', '¥1,200.00'],
      monthSale: ['本月累计销售', '¥12,345.60'],
      monthRetailSale: ['本月累计零售', '¥335.50'],
      monthBuy: ['本月累计采购', '-¥80.00'],
      yesterdaySale: ['昨日销售', '¥880.00'],
      yesterdayRetailSale: ['昨日零售', '¥0.00'],
      yesterdayBuy: ['昨日采购', '¥640.00'],
      yearSale: ['今年累计销售', '¥1,234,567.89'],
      yearRetailSale: ['今年累计零售', '¥9,876.50'],
      yearBuy: ['今年累计采购', '¥54,321.00'],
    };
    for (const [key, [label, amount]] of Object.entries(expected)) {
      expect(within(figure(key)).getByText(label), key).toBeInTheDocument();
      expect(within(figure(key)).getByText(amount), key).toBeInTheDocument();
    }
    expect(within(figure('monthBuy')).getByLabelText('统计本月采购单据的总金额')).toBeInTheDocument();
    await waitFor(() => expect(barTitles('sale')).toHaveLength(6));
    expect(
      within(screen.getByTestId('chart-retail')).getByLabelText('统计往前6个月每月零售的总金额'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-sale')).getByText('销售统计')).toBeInTheDocument();
    expect(barTitles('sale')).toEqual([
      '2026-06: ¥100.00',
      '2026-07: ¥0.00',
      '2026-08: ¥250.50',
      '2026-09: ¥0.00',
      '2026-10: ¥3,000.00',
      '2026-11: ¥12,345.60',
    ]);
    expect(barTitles('retail').at(-1)).toBe('2026-11: ¥335.50');
    expect(barTitles('buy')).toEqual([
      '2026-06: ¥500.00',
      '2026-07: ¥600.00',
      '2026-08: ¥0.00',
      '2026-09: ¥0.00',
      '2026-10: ¥0.00',
      '2026-11: -¥80.00',
    ]);
    expect(screen.getByRole('img', { name: /^零售统计: 2026-06 ¥0\.00/ })).toBeInTheDocument();
    expect(screen.queryByText('立即续费'), 'the term ends in 2099').toBeNull();
    expect(backend.callsTo('/depotHead/getBuyAndSaleStatistics')).toHaveLength(1);
    expect(backend.callsTo('/depotItem/buyOrSalePrice')).toHaveLength(1);
  });

  it('a role hiding purchase and retail amounts gets *** and no chart for them; sales still show', async () => {
    const hidden = Object.fromEntries(
      Object.entries(STATISTICS).map(([k, v]) => [k, k.endsWith('Sale') && !k.endsWith('RetailSale') ? v : '***']),
    );
    answers(hidden, {
      salePriceList: series([1, 2, 3, 4, 5, 6]),
      retailPriceList: series(Array(6).fill('***')),
      buyPriceList: series(Array(6).fill('***')),
    });
    renderInShell(<AnalysisPage />);
    await waitFor(() => expect(within(figure('yearBuy')).getByText('***')).toBeInTheDocument());
    for (const key of [
      'todayBuy',
      'monthBuy',
      'yesterdayBuy',
      'yearBuy',
      'todayRetailSale',
      'monthRetailSale',
      'yesterdayRetailSale',
      'yearRetailSale',
    ]) {
      expect(within(figure(key)).getByText('***'), key).toHaveAttribute('title', '当前角色不可查看此金额');
      expect(within(figure(key)).queryByText(/¥/), key).toBeNull();
    }
    expect(within(figure('todaySale')).getByText('¥0.00')).toBeInTheDocument();
    expect(within(figure('yearSale')).getByText('¥1,234,567.89')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByTestId('chart-buy')).getByText('当前角色不可查看采购金额')).toBeInTheDocument(),
    );
    expect(within(screen.getByTestId('chart-retail')).getByText('当前角色不可查看零售金额')).toBeInTheDocument();
    expect(barTitles('buy')).toEqual([]);
    expect(barTitles('retail')).toEqual([]);
    expect(barTitles('sale')).toEqual([
      '2026-06: ¥1.00',
      '2026-07: ¥2.00',
      '2026-08: ¥3.00',
      '2026-09: ¥4.00',
      '2026-10: ¥5.00',
      '2026-11: ¥6.00',
    ]);
  });

  it("a term ending within five days offers 立即续费, linked to the platform's pay_fee_url", async () => {
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const expireTime = `${inThreeDays.getFullYear()}-${pad(inThreeDays.getMonth() + 1)}-${pad(inThreeDays.getDate())} 00:00:00`;
    answers({}, {}, expireTime);
    renderInShell(<AnalysisPage />);
    const renew = await screen.findByRole('link', { name: '立即续费' });
    expect(renew).toHaveAttribute('href', PAY_FEE_URL);
    expect(renew).toHaveAttribute('target', '_blank');
  });

  it('the platform admin (empty answers) gets no figures and no charts, the rest of the page stays', async () => {
    answers({}, {});
    renderInShell(<AnalysisPage />);
    await waitFor(() => expect(screen.getByText('南通某某贸易有限公司')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByTestId('figure-todaySale')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('chart-sale')).toBeNull());
    expect(screen.queryByText('今日销售')).toBeNull();
    expect(screen.getByText('租户信息')).toBeInTheDocument();
  });

  it('a failed statistics call leaves dashes, never a made-up zero', async () => {
    fakeBackend({
      '/systemConfig/getCurrentInfo': { code: 200, data: { companyName: 'X' } },
      '/user/infoWithTenant': { code: 200, data: {} },
      '/depotHead/getBuyAndSaleStatistics': { code: 500, data: '获取数据失败' },
      '/depotItem/buyOrSalePrice': { code: 500, data: '获取数据失败' },
    });
    renderInShell(<AnalysisPage />);
    await waitFor(() => expect(within(figure('todaySale')).getByText('—')).toBeInTheDocument());
    expect(within(figure('yearBuy')).getByText('—')).toBeInTheDocument();
    expect(screen.getByTestId('chart-sale').querySelector('.ant-empty-description')).toHaveTextContent('暂无数据');
    expect(barTitles('sale')).toEqual([]);
  });
});

describe('AnalysisPage after a login', () => {
  it('shows the figures from the calls started as the session opened, asking for each once', async () => {
    const backend = answers(STATISTICS, {
      salePriceList: series([1, 2, 3, 4, 5, 6]),
      retailPriceList: series([0, 0, 0, 0, 0, 0]),
      buyPriceList: series([0, 0, 0, 0, 0, 0]),
    });
    signIn();
    startHomeFigureCalls();
    await waitFor(() => expect(backend.callsTo('/depotHead/getBuyAndSaleStatistics')).toHaveLength(1));
    renderInShell(<AnalysisPage />);
    await waitFor(() => expect(within(figure('yearSale')).getByText('¥1,234,567.89')).toBeInTheDocument());
    await waitFor(() => expect(barTitles('sale')).toHaveLength(6));
    expect(backend.callsTo('/depotHead/getBuyAndSaleStatistics')).toHaveLength(1);
    expect(backend.callsTo('/depotItem/buyOrSalePrice')).toHaveLength(1);
  });
});
