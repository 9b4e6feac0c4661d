// The serial and batch rules of a line: the serial list as typed (， accepted), picked serials setting the quantity,
// a picked batch's stock as quantity capped by what is left of a linked line, and the count rule before a save.
import { describe, expect, it } from 'vitest';
import { emptyLine, type BillLine } from '../../../features/bills/form/bill-lines';
import {
  depotItemIdOf,
  serialCountMismatch,
  serialsOf,
  withBatch,
  withSerials,
} from '../../../features/bills/form/serials';

const line = (over: Partial<BillLine> = {}): BillLine => ({
  ...emptyLine('14'),
  barCode: '1000005',
  unitPrice: 10,
  taxRate: 13,
  operNumber: 1,
  ...over,
});

describe('serials', () => {
  it('reads a list typed with either comma, trimmed', () => {
    expect(serialsOf(' A1，A2, ,A3 ')).toEqual(['A1', 'A2', 'A3']);
    expect(serialsOf('')).toEqual([]);
  });

  it('picked serials become the quantity and the amounts follow; none picked leaves the quantity', () => {
    expect(withSerials(line(), ['A1', 'A2'], false)).toMatchObject({
      snList: 'A1,A2',
      operNumber: 2,
      allPrice: 20,
      taxMoney: 2.6,
      taxLastMoney: 22.6,
    });
    expect(withSerials(line({ operNumber: 5 }), [], false)).toMatchObject({ snList: '', operNumber: 5 });
  });

  it('a batch gives its stock as quantity, at most what a linked line still lacks', () => {
    const batch = { batchNumber: 'B-2', expirationDateStr: '2027-06-30', totalNum: 10 };
    expect(withBatch(line(), batch, false)).toMatchObject({
      batchNumber: 'B-2',
      expirationDate: '2027-06-30',
      operNumber: 10,
      allPrice: 100,
    });
    expect(withBatch(line({ preNumber: '30', finishNumber: '24' }), batch, false).operNumber).toBe(6);
    expect(withBatch(line({ preNumber: '30', finishNumber: '0' }), batch, false).operNumber).toBe(10);
  });

  it('finds the first serial line whose count differs from its quantity', () => {
    const ok = line({ enableSerialNumber: true, snList: 'A1,A2', operNumber: 2 });
    const short = line({ barCode: '1000006', enableSerialNumber: true, snList: 'B1', operNumber: 2 });
    expect(serialCountMismatch([ok, line({ enableSerialNumber: true, snList: '', operNumber: 3 })])).toBeNull();
    expect(serialCountMismatch([ok, short])?.barCode).toBe('1000006');
  });

  it('a loaded line is its stored depot item; a new one is none', () => {
    expect(depotItemIdOf({ ...line(), key: '931' })).toBe('931');
    expect(depotItemIdOf(line())).toBe('');
  });
});
