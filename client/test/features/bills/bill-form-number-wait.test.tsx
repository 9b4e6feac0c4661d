// A 新增's number: every form, the page's first included, waits for it 30 ms at most. One that comes in time is in
// the form's first paint; a later one is filled in when it comes, the form shown meanwhile.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { numberField, renderBillForm } from '../../helpers/bill-form';
import { PURCHASE_BILL_OPENING } from '../../helpers/bill-products';
import { scriptBackend } from '../../helpers/form-page';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The number field's value every millisecond while the form is open. */
function sampleNumberField() {
  const values: string[] = [];
  const sampler = setInterval(() => {
    const field = numberField();
    if (field) values.push(field.value);
  }, 1);
  return { values, stop: () => clearInterval(sampler) };
}

describe('a 新增 and its number', () => {
  it("the page's first form opens before a late number and fills it in", async () => {
    const api = scriptBackend(PURCHASE_BILL_OPENING);
    // 150 ms: later than a form waits for its number (30 ms).
    api.answer('GET /sequence/buildNumber', async () => {
      await pause(150);
      return { code: 200, data: { defaultNumber: '00000000901' } };
    });
    const shown = sampleNumberField();
    renderBillForm('purchaseIn', { canAudit: true });
    await waitFor(() => expect(numberField()?.value).toBe('CGRK00000000901'));
    shown.stop();
    expect(shown.values[0], 'the form opened before its number').toBe('');
    expect(screen.getByPlaceholderText('扫描或输入条码后回车')).toBeTruthy();
  });

  it('a number that comes in time is in the form from its first paint', async () => {
    const api = scriptBackend(PURCHASE_BILL_OPENING);
    api.answer('GET /sequence/buildNumber', () => ({ code: 200, data: { defaultNumber: '00000000902' } }));
    const shown = sampleNumberField();
    renderBillForm('purchaseIn', { canAudit: true });
    await waitFor(() => expect(numberField()?.value).toBe('CGRK00000000902'));
    shown.stop();
    expect(shown.values, 'the form never showed without its number').not.toContain('');
  });
});
