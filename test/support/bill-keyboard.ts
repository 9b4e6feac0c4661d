// The bill form by keyboard, for the bill journeys: the open form, what has the cursor, and the walk from the party
// select to the scan field.
import type { Page } from 'playwright-core';

/** The open bill form's dialog. */
export const billDialog = (page: Page) =>
  page.locator('.ant-modal:visible').filter({ has: page.locator('.bill-form') });

/** The element with the cursor: its accessible name (or id), its grid cell and its value. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return {
      label: el?.getAttribute('aria-label') ?? el?.id ?? '',
      cell: el?.dataset.cell ?? '',
      value: el?.value ?? '',
    };
  });

/** With the party select holding the cursor: types `typed`, takes `option` with Enter, then presses Enter (each
 *  press moving the cursor on) until the scan field has it. */
export async function choosePartyThenScanField(page: Page, typed: string, option: string): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).waitFor();
  await page.keyboard.press('Enter');
  // The list closes on the choice; from then on each Enter moves the cursor to the next field.
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
  for (let i = 0; i < 4 && !(await focused(page)).label.startsWith('bill-scan'); i++) {
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press('Enter');
    await page.waitForFunction((element) => document.activeElement !== element, before);
  }
}

/** The quantities of the open bill form's lines, in grid order. */
export const quantities = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement>('.bill-form .bill-grid [data-cell="operNumber"]')).map(
      (i) => i.value,
    ),
  );

/** With the scan field holding the cursor: types a barcode and Enter as a scanner does, and waits until line `line`
 *  holds `quantity` (the scan field keeps the cursor). */
export async function scanCode(page: Page, barCode: string, line: number, quantity: string): Promise<void> {
  await page.keyboard.type(`${barCode}\n`);
  await page.waitForFunction(
    ([label, value]) =>
      document.querySelector<HTMLInputElement>(`.bill-form .bill-grid [aria-label="${label}"]`)?.value === value,
    [`数量 ${line}`, quantity] as const,
  );
}

/** F2: the line in hand's quantity takes the cursor; `value` replaces it and Enter goes back to the scan field. */
export async function editQuantity(page: Page, line: number, value: string): Promise<void> {
  await page.keyboard.press('F2');
  await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `数量 ${line}`);
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id.startsWith('bill-scan') === true);
}
