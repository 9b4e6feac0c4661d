// The bill form by keyboard, for the bill journeys: the open form, what has the cursor, and the walk from the party
// select to the scan field.
import type { Page } from 'playwright-core';

/** The open bill form's dialog. */
export const billDialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.locator('.bill-form') });

/** The element with the cursor: its accessible name (or id), its grid cell and its value. */
export const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLInputElement | null;
  return { label: el?.getAttribute('aria-label') ?? el?.id ?? '', cell: el?.dataset.cell ?? '', value: el?.value ?? '' };
});

/** With the party select holding the cursor: types `typed`, takes `option` with Enter, then presses Enter (each
 *  press moving the cursor on) until the scan field has it. */
export async function choosePartyThenScanField(page: Page, typed: string, option: string): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
  await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible').getByText(option).waitFor();
  await page.keyboard.press('Enter');
  // The list closes on the choice; from then on each Enter moves the cursor to the next field.
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
  for (let i = 0; i < 4 && !(await focused(page)).label.startsWith('bill-scan'); i++) {
    const before = await page.evaluateHandle(() => document.activeElement);
    await page.keyboard.press('Enter');
    await page.waitForFunction((element) => document.activeElement !== element, before);
  }
}
