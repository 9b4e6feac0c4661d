// A 新增's number: every form, the page's first included, waits for it 30 ms at most. One that comes in time is in
// the form's first paint; a later one is filled in when it comes, the form shown meanwhile. When numbers have been
// coming later than the wait, the form does not wait at all.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetAnswerTimes, noteAnswerTime } from '../../../lib/answer-times';
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
  beforeEach(() => forgetAnswerTimes());

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

  it('across a link whose round trip is longer than the wait, the form opens without waiting for its number', async () => {
    // The recent answers took 84 ms at the quickest (a WAN's round trip); this number comes in 15 ms, inside the
    // wait, but too late for a form that did not wait.
    for (const ms of [84, 130, 96]) noteAnswerTime('/user/infoWithTenant', ms);
    const api = scriptBackend(PURCHASE_BILL_OPENING);
    api.answer('GET /sequence/buildNumber', async () => {
      await pause(15);
      return { code: 200, data: { defaultNumber: '00000000903' } };
    });
    const shown = sampleNumberField();
    renderBillForm('purchaseIn', { canAudit: true });
    await waitFor(() => expect(numberField()?.value).toBe('CGRK00000000903'));
    shown.stop();
    expect(shown.values[0], 'the form opened before its number').toBe('');
  });

  it('on a LAN (quick answers beside slow ones) the form still waits for a number in time', async () => {
    for (const ms of [4, 130, 96]) noteAnswerTime('/user/infoWithTenant', ms);
    const api = scriptBackend(PURCHASE_BILL_OPENING);
    api.answer('GET /sequence/buildNumber', async () => {
      await pause(10);
      return { code: 200, data: { defaultNumber: '00000000904' } };
    });
    const shown = sampleNumberField();
    renderBillForm('purchaseIn', { canAudit: true });
    await waitFor(() => expect(numberField()?.value).toBe('CGRK00000000904'));
    shown.stop();
    expect(shown.values, 'the form never showed without its number').not.toContain('');
  });
});
