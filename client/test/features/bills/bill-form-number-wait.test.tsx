// A 新增's number: a number the list drew ahead is in the form's first paint, across any link. Without one, every
// form, the page's first included, waits for it 30 ms at most. One that comes in time is in the form's first paint; a
// later one is filled in when it comes, the form shown meanwhile. When numbers have been coming later than the wait,
// the form does not wait at all.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetAnswerTimes, noteAnswerTime } from '../../../lib/answer-times';
import { keepNumberReady } from '../../../lib/backend/number-reserve';
import { numberField, renderBillForm } from '../../helpers/bill-form';
import { PURCHASE_BILL_OPENING } from '../../helpers/bill-products';
import { scriptBackend } from '../../helpers/form-page';
import { signIn } from '../../helpers/session';

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

/** Opens a 采购入库 新增 whose number answers after `delayMs`: the number field's values, every millisecond, from the
 *  form's opening until it shows `CGRK<defaultNumber>`. `drawnAhead`: a number was drawn ahead, as a list does. */
async function numberFieldWhileOpening(delayMs: number, defaultNumber: string, drawnAhead = false): Promise<string[]> {
  const api = scriptBackend(PURCHASE_BILL_OPENING);
  api.answer('GET /sequence/buildNumber', async () => {
    if (delayMs > 0) await pause(delayMs);
    return { code: 200, data: { defaultNumber } };
  });
  if (drawnAhead) {
    signIn();
    keepNumberReady();
    await waitFor(() => expect(api.callsTo('GET /sequence/buildNumber')).toHaveLength(1));
    await pause(delayMs + 20);
  }
  const shown = sampleNumberField();
  renderBillForm('purchaseIn', { canAudit: true });
  await waitFor(() => expect(numberField()?.value).toBe(`CGRK${defaultNumber}`));
  shown.stop();
  return shown.values;
}

describe('a 新增 and its number', () => {
  beforeEach(() => forgetAnswerTimes());
  // The files of a worker share their modules: the next file starts with no answer times of these.
  afterEach(() => forgetAnswerTimes());

  it("the page's first form opens before a late number and fills it in", async () => {
    // 150 ms: later than a form waits for its number (30 ms).
    const shown = await numberFieldWhileOpening(150, '00000000901');
    expect(shown[0], 'the form opened before its number').toBe('');
    expect(screen.getByPlaceholderText('扫描或输入条码后回车')).toBeTruthy();
  });

  it('a number that comes in time is in the form from its first paint', async () => {
    const shown = await numberFieldWhileOpening(0, '00000000902');
    expect(shown, 'the form never showed without its number').not.toContain('');
  });

  it('across a link whose round trip is longer than the wait, the form opens without waiting for its number', async () => {
    // The recent answers took 84 ms at the quickest (a WAN's round trip); this number comes in 15 ms, inside the
    // wait, but too late for a form that did not wait.
    for (const ms of [84, 130, 96]) noteAnswerTime('/user/infoWithTenant', ms);
    const shown = await numberFieldWhileOpening(15, '00000000903');
    expect(shown[0], 'the form opened before its number').toBe('');
  });

  it('across a WAN, a number drawn ahead is in the form from its first paint', async () => {
    for (const ms of [84, 130, 96]) noteAnswerTime('/user/infoWithTenant', ms);
    const shown = await numberFieldWhileOpening(90, '00000000905', true);
    expect(shown, 'the form never showed without its number').not.toContain('');
    expect(shown.length, 'sampled while the form opened').toBeGreaterThan(0);
  });

  it('on a LAN (quick answers beside slow ones) the form still waits for a number in time', async () => {
    for (const ms of [4, 130, 96]) noteAnswerTime('/user/infoWithTenant', ms);
    const shown = await numberFieldWhileOpening(10, '00000000904');
    expect(shown, 'the form never showed without its number').not.toContain('');
  });
});
