import { describe, expect, it } from 'vitest';
import {
  addToBarCode,
  checksAfterExist,
  checksBeforeExist,
  derivePrices,
  isNewRowId,
  newRowId,
  productBody,
  rowsForSkus,
  rowsForUnitGroup,
  skuCombinations,
  type BarCodeRow,
  type ProductDraft,
  type UnitGroup,
} from '../../../features/materials/material-rules';

const group: UnitGroup = {
  id: 3,
  name: '瓶,箱(1:12),托(1:120)',
  basicUnit: '瓶',
  otherUnit: '箱',
  ratio: 12,
  otherUnitTwo: '托',
  ratioTwo: 120,
};
const row = (barCode: string, commodityUnit: string, extra: Partial<BarCodeRow> = {}): BarCodeRow => ({
  id: newRowId(),
  barCode,
  commodityUnit,
  purchaseDecimal: null,
  commodityDecimal: null,
  wholesaleDecimal: null,
  lowDecimal: null,
  ...extra,
});
const draft = (over: Partial<ProductDraft>): ProductDraft => ({
  values: { name: 'x', unit: '瓶', enableSerialNumber: '0', enableBatchNumber: '0' },
  unitGroup: null,
  multiUnit: false,
  rows: [row('1001', '瓶')],
  stock: [],
  images: [],
  ...over,
});

describe('product rules', () => {
  it('new row ids are longer than 19 characters, saved ids are not', () => {
    expect(isNewRowId(newRowId())).toBe(true);
    expect(isNewRowId(35)).toBe(false);
  });

  it('counts barcodes on past Number precision', () => {
    expect(addToBarCode('9007199254740993', 2)).toBe('9007199254740995');
    expect(addToBarCode('1000', 1)).toBe('1001');
  });

  it('a unit group makes one row per unit, keeping existing rows, and derives prices from the basic row', () => {
    const rows = rowsForUnitGroup([row('1001', '', { purchaseDecimal: 2 })], group, '1001');
    expect(rows.map((r) => [r.barCode, r.commodityUnit, r.purchaseDecimal])).toEqual([
      ['1001', '瓶', 2],
      ['1002', '箱', '24.00'],
      ['1003', '托', '240.00'],
    ]);
    expect(derivePrices([{ ...rows[0]!, lowDecimal: 1.5 }, rows[1]!], group)[1]!.lowDecimal).toBe('18.00');
  });

  it('attribute values give the cartesian product, reusing rows of the same sku', () => {
    expect(
      skuCombinations([
        ['红', '黑'],
        ['L', 'M'],
      ]),
    ).toEqual(['红/L', '红/M', '黑/L', '黑/M']);
    const kept = row('2001', '件', { sku: '红/L', id: 77 });
    const rows = rowsForSkus([kept], ['红/L', '黑/L'], '件', '2001');
    expect(rows.map((r) => [r.id === 77, r.barCode, r.sku])).toEqual([
      [true, '2001', '红/L'],
      [false, '2002', '黑/L'],
    ]);
  });

  it('checks in the original order with its messages', () => {
    expect(checksBeforeExist(draft({ rows: [] }))?.key).toBe('product.noBarCode');
    expect(checksBeforeExist(draft({ values: { enableSerialNumber: '1', enableBatchNumber: '1' } }))?.key).toBe(
      'product.serialAndBatch',
    );
    expect(checksBeforeExist(draft({ multiUnit: true, unitGroup: group, values: { manySku: ['1'] } }))?.key).toBe(
      'product.skuWithMultiUnit',
    );
    expect(checksAfterExist(draft({ multiUnit: true, unitGroup: group, rows: [row('1', '瓶')] }), '或')?.key).toBe(
      'product.multiUnitTwoRows',
    );
    expect(
      checksAfterExist(draft({ multiUnit: true, unitGroup: group, rows: [row('1', '箱'), row('2', '箱')] }), '或'),
    ).toEqual({ key: 'product.unitWrong', params: { unit: '箱', expected: '瓶' } });
    expect(
      checksAfterExist(
        draft({ multiUnit: true, unitGroup: group, rows: [row('1', '瓶'), row('2', '箱'), row('3', '件')] }),
        '或',
      ),
    ).toEqual({ key: 'product.unitWrong', params: { unit: '件', expected: '瓶】或【箱】或【托' } });
    expect(checksAfterExist(draft({ rows: [row('1', '箱')] }), '或')).toEqual({
      key: 'product.unitWrong',
      params: { unit: '箱', expected: '瓶' },
    });
    const depot = { id: 14, name: '仓库1', initStock: 5, lowSafeStock: null, highSafeStock: null };
    expect(
      checksAfterExist(draft({ values: { unit: '瓶', enableSerialNumber: '1' }, stock: [depot] }), '或')?.key,
    ).toBe('product.serialWithStock');
    expect(checksAfterExist(draft({ values: { unit: '瓶', enableBatchNumber: '1' }, stock: [depot] }), '或')?.key).toBe(
      'product.batchWithStock',
    );
    expect(
      checksAfterExist(draft({ stock: [{ ...depot, initStock: null, lowSafeStock: 9, highSafeStock: 3 }] }), '或'),
    ).toEqual({ key: 'product.lowAboveHigh', params: { depot: '仓库1' } });
    expect(checksAfterExist(draft({ images: ['a', 'b', 'c', 'd', 'e'] }), '或')?.key).toBe('product.tooManyImages');
    expect(checksAfterExist(draft({}), '或')).toBeNull();
  });

  it('the body sends the unused unit as empty, attributes only when chosen, blank prices as empty text', () => {
    const body = productBody(
      draft({ values: { name: ' 可乐 ', unit: '瓶', manySku: ['1'], skuOne: ['红'] } }),
      undefined,
      ['35'],
    );
    expect(body).toMatchObject({
      name: '可乐',
      unit: '瓶',
      unitId: '',
      manySku: ['1'],
      skuOne: ['红'],
      sortList: [],
      meDeleteIdList: ['35'],
    });
    expect(body).not.toHaveProperty('id');
    expect((body.meList as Record<string, unknown>[])[0]).toMatchObject({ barCode: '1001', purchaseDecimal: '' });
  });
});
