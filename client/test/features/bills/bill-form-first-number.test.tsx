// A 新增's number and the page's first bill form. The first form waits for its number, so it opens in one paint with
// it; later ones open without waiting long and fill it in. @vitest-isolate: its first form is a fresh page's first.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdNumber, numberField, renderBillForm } from '../../helpers/bill-form';
import { PURCHASE_BILL_OPENING } from '../../helpers/bill-products';
import { scriptBackend } from '../../helpers/form-page';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a 新增 and its number', () => {
  it("the page's first form opens once its number is in; a later one opens before it and fills it in", async () => {
    const api = scriptBackend(PURCHASE_BILL_OPENING);
    // The first number comes after 150 ms: later than a later form waits (30 ms), sooner than the first one (200 ms).
    api.answer('GET /sequence/buildNumber', async () => {
      await pause(150);
      return { code: 200, data: { defaultNumber: '00000000901' } };
    });
    const shown: string[] = [];
    const sampler = setInterval(() => {
      const field = numberField();
      if (field) shown.push(field.value);
    }, 1);
    const { unmount } = renderBillForm('purchaseIn', { canAudit: true });
    await waitFor(() => expect(numberField()?.value).toBe('CGRK00000000901'));
    clearInterval(sampler);
    expect(shown, 'the first form never showed without its number').not.toContain('');
    unmount();

    const second = holdNumber(api, '00000000902');
    renderBillForm('purchaseIn', { canAudit: true });
    await waitFor(() => expect(numberField()).not.toBeNull());
    expect(numberField()!.value, 'a later form opens before its number').toBe('');
    second.give();
    await waitFor(() => expect(numberField()!.value).toBe('CGRK00000000902'));
    expect(screen.getByPlaceholderText('扫描或输入条码后回车')).toBeTruthy();
  });
});
