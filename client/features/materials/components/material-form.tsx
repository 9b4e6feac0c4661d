// The product form (新增 / 编辑 / 复制新增), after the original's MaterialModal: 基本信息 with the barcode/price grid,
// 库存数量 per depot, 图片信息. It takes the form kit's keys and save (form-keys.ts, use-form-save.ts: Enter to the
// next field, Ctrl+S, Esc asks, one save at a time, a refused save keeps everything and shows the backend's reason),
// with the original's save sequence as its checks.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, Col, Form, Input, Modal, Row, Select, Space, Spin, Table, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { http } from '../../../lib/http';
import { sessionOptions } from '../../../lib/session-options';
import { useT } from '../../../lib/i18n/use-t';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { interpretCheckAnswer, okData, okObject, optionList } from '../../../lib/backend/envelope';
import { FieldControl } from '../../../components/form-kit/form-field';
import { focusFirstField, formKeyDown } from '../../../components/form-kit/form-keys';
import { NAME_CHECK_DEBOUNCE_MS } from '../../../components/form-kit/form-modal';
import { useFormSave } from '../../../components/form-kit/use-form-save';
import type { FormField } from '../../../components/form-kit/form-spec';
import {
  addToBarCode,
  attributeFields,
  checksAfterExist,
  checksBeforeExist,
  derivePrices,
  emptyRow,
  existQuery,
  isNewRowId,
  maxBarCode,
  newRowId,
  PRICE_KEYS,
  productBody,
  rowsForSkus,
  rowsForUnitGroup,
  skuCombinations,
  type BarCodeRow,
  type PriceKey,
  type ProductDraft,
  type Problem,
  type StockRow,
  type UnitGroup,
} from '../material-rules';
import { useCloseGuard } from '../../../components/form-kit/use-close-guard';
import { FileUpload, fileSizeText } from '../../../components/form-kit/file-upload';
import { FormDialog, FormFooter } from '../../../components/form-kit/form-dialog';
import { NumberTextInput } from '../../../components/form-kit/number-text-input';
import { firstCellRefusal, NumberCell, numberFormRule, numberProblem } from '../../../components/form-kit/number-field';
import { NOT_NEGATIVE, type NumberLimits } from '../../../lib/number-rule';
import { useAppFeedback } from '../../../lib/app-feedback';
import { HintIcon } from '../../../components/hint-icon';

export type ProductFormMode = 'add' | 'edit' | 'copy';

export interface ProductFormTarget {
  mode: ProductFormMode;
  row?: Record<string, unknown>;
}

interface Session {
  key: number;
  values: Record<string, unknown>;
  rows: BarCodeRow[];
  stock: StockRow[];
  images: string[];
  multiUnit: boolean;
  /** The largest barcode the server knows (new rows count on from it). */
  serverMax: string;
  /** The attribute choice is fixed once a saved product has one. */
  skuLocked: boolean;
}

interface AttributeName {
  value: string;
  name: string;
}

const TEXT_HEADER = [
  'name',
  'standard',
  'model',
  'unit',
  'color',
  'brand',
  'mnemonic',
  'position',
  'mfrs',
  'otherField1',
  'otherField2',
  'otherField3',
  'remark',
];
const SKU_FIELDS = ['skuOne', 'skuTwo', 'skuThree'] as const;
const BARCODE_PATTERN = /^.{4,40}$/;
const PINYIN_DEBOUNCE_MS = 500;

const CATEGORY_FIELD: FormField = {
  kind: 'treeSelect',
  name: 'categoryId',
  label: 'product.category',
  source: { url: '/materialCategory/getMaterialCategoryTree', selfParam: 'id' },
};

let sessionCount = 0;

const blank = (v: unknown) => v === null || v === undefined || v === '';

function headerValues(row: Record<string, unknown> | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = { enableSerialNumber: '0', enableBatchNumber: '0' };
  if (!row) return values;
  for (const key of TEXT_HEADER) values[key] = blank(row[key]) ? undefined : String(row[key]);
  for (const key of ['categoryId', 'weight', 'expiryNum', 'unitId'])
    values[key] = blank(row[key]) ? undefined : Number(row[key]);
  for (const key of ['enableSerialNumber', 'enableBatchNumber']) values[key] = blank(row[key]) ? '0' : String(row[key]);
  Object.assign(values, attributeFields(row.attribute));
  return values;
}

function priceOf(v: unknown): number | string | null {
  return blank(v) ? null : (v as number | string);
}

/** The product's prices and stock: never negative, as the backend's columns hold them. */
const PRICE_LIMITS: NumberLimits = NOT_NEGATIVE;
const STOCK_LIMITS: NumberLimits = NOT_NEGATIVE;
const STOCK_KEYS = ['initStock', 'lowSafeStock', 'highSafeStock'] as const;
const PRICE_TITLES: Record<PriceKey, MessageKey> = {
  purchaseDecimal: 'product.purchasePrice',
  commodityDecimal: 'product.retailPrice',
  wholesaleDecimal: 'product.salePrice',
  lowDecimal: 'product.lowPrice',
};
const STOCK_TITLES: Record<(typeof STOCK_KEYS)[number], MessageKey> = {
  initStock: 'product.initStock',
  lowSafeStock: 'product.lowSafeStock',
  highSafeStock: 'product.highSafeStock',
};

/**
 * A small dialog asking for one number (the grids' 批量 buttons); the value fills the column on every row. A value
 * the number rule refuses keeps the dialog open with its reason.
 */
function BatchValue({
  title,
  placeholder,
  onDone,
}: {
  title: string | null;
  placeholder: string;
  onDone: (v: number | null) => void;
}) {
  const t = useT();
  const [value, setValue] = useState<unknown>(null);
  const problem = numberProblem(value, NOT_NEGATIVE, t);
  return (
    <Modal
      open={title !== null}
      title={title}
      width={400}
      destroyOnHidden
      onCancel={() => onDone(null)}
      onOk={() => {
        if (problem) return;
        onDone(typeof value === 'number' ? value : 0);
        setValue(null);
      }}
    >
      <NumberCell
        aria-label={placeholder}
        placeholder={placeholder}
        value={value}
        onChange={setValue}
        limits={NOT_NEGATIVE}
      />
    </Modal>
  );
}

export interface MaterialFormProps {
  target: ProductFormTarget | null;
  /** Without the edit code a product opens read-only (only 取消). */
  readOnly?: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function MaterialForm({ target, readOnly = false, onClose, onSaved }: MaterialFormProps) {
  const t = useT();
  const { message } = useAppFeedback();
  const [form] = Form.useForm();
  const [session, setSession] = useState<Session | null>(null);
  const [rows, setRows] = useState<BarCodeRow[]>([]);
  const [stock, setStock] = useState<StockRow[]>([]);
  const [images, setImages] = useState<string[]>([]);
  const [multiUnit, setMultiUnit] = useState(false);
  const [deletedIds, setDeletedIds] = useState<(string | number)[]>([]);
  const [selectedRows, setSelectedRows] = useState<(string | number)[]>([]);
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState('basic');
  const [units, setUnits] = useState<UnitGroup[]>([]);
  const [aliases, setAliases] = useState<Record<string, string>>({});
  const [attributeNames, setAttributeNames] = useState<AttributeName[]>([]);
  const [attributeValues, setAttributeValues] = useState<Record<string, string[]>>({});
  const [sizeLimit, setSizeLimit] = useState<number>(1024 * 1024);
  const [batch, setBatch] = useState<{ key: string; title: string; placeholder: string } | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const checkTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const checkSeq = useRef(new Map<string, number>());
  const pinyinTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mode = target?.mode ?? 'add';
  const productId = mode === 'edit' ? Number(target?.row?.id) : undefined;
  const manySku = Form.useWatch('manySku', form) as string[] | undefined;
  const unitId = Form.useWatch('unitId', form) as number | undefined;
  const unitGroup = useMemo(() => units.find((u) => u.id === unitId) ?? null, [units, unitId]);

  const loadAttributeValues = async (id: string) => {
    const body = await http
      .get<unknown>('/materialAttribute/getValueListById', { id }, { silent: true })
      .catch(() => null);
    setAttributeValues((prev) => ({ ...prev, [id]: optionList(body).map((v) => String(v.value)) }));
  };

  // Each opening loads what the form needs at once: units, aliases, attributes, depots with stock, the largest
  // barcode, the size limit, and for 编辑 / 复制 the product's barcode rows.
  useEffect(() => {
    if (!target) return;
    let live = true;
    const sourceId = target.row?.id;
    const materialId = target.mode === 'add' || sourceId === undefined ? '0' : String(sourceId);
    const get = (url: string, params?: Record<string, string>) =>
      http.get<unknown>(url, params, { silent: true }).catch(() => null);
    // Units, the custom fields' aliases and the attribute names are the session's lists (lib/session-options).
    const list = (url: string, params?: Record<string, string>) =>
      sessionOptions('get', url, params, { silent: true }).catch(() => null);
    // Opening the form is what this effect is for: the form shows a spinner until its data is in.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSession(null);
    void Promise.all([
      list('/unit/getAllList'),
      list('/materialProperty/list', { currentPage: '1', pageSize: '10', search: '{}' }),
      list('/materialAttribute/getNameList'),
      get('/depot/getAllListWithStock', { mId: materialId }),
      get('/material/getMaxBarCode'),
      get('/systemConfig/fileSizeLimit'),
      target.mode === 'add' ? Promise.resolve(null) : get('/materialsExtend/getDetailList', { materialId }),
    ]).then(([unitBody, propertyBody, attributeBody, depotBody, maxBody, limitBody, detailBody]) => {
      if (!live) return;
      setUnits(optionList(unitBody) as unknown as UnitGroup[]);
      const names: Record<string, string> = {};
      for (const p of optionList(propertyBody))
        if (p.nativeName && p.anotherName) names[String(p.nativeName)] = String(p.anotherName);
      setAliases(names);
      setAttributeNames(optionList(attributeBody).map((a) => ({ value: String(a.value), name: String(a.name) })));
      const limit = Number(okData(limitBody));
      if (limit > 0) setSizeLimit(limit);
      const serverMax = String(okObject(maxBody)?.barCode ?? '1000');
      const values = headerValues(target.row);
      let loaded: BarCodeRow[] = optionList(detailBody).map((r) => ({
        id: r.id as number,
        barCode: String(r.barCode ?? ''),
        commodityUnit: String(r.commodityUnit ?? ''),
        ...(r.sku ? { sku: String(r.sku) } : {}),
        purchaseDecimal: priceOf(r.purchaseDecimal),
        commodityDecimal: priceOf(r.commodityDecimal),
        wholesaleDecimal: priceOf(r.wholesaleDecimal),
        lowDecimal: priceOf(r.lowDecimal),
      }));
      // A copy is a new product: new row ids and the next free barcodes.
      if (target.mode === 'copy')
        loaded = loaded.map((r, i) => ({ ...r, id: newRowId(), barCode: addToBarCode(serverMax, i + 1) }));
      if (target.mode === 'add') loaded = [emptyRow(addToBarCode(serverMax, 1), '')];
      const depots: StockRow[] = optionList(depotBody).map((d) => ({
        id: d.id as number,
        name: String(d.name ?? ''),
        initStock: target.mode === 'add' ? null : priceOf(d.initStock),
        lowSafeStock: target.mode === 'add' ? null : priceOf(d.lowSafeStock),
        highSafeStock: target.mode === 'add' ? null : priceOf(d.highSafeStock),
      }));
      const imgs =
        typeof target.row?.imgName === 'string' && target.row.imgName !== '' ? target.row.imgName.split(',') : [];
      const multi = !blank(target.row?.unitId);
      setRows(loaded);
      setStock(depots);
      setImages(imgs);
      setMultiUnit(multi);
      setDeletedIds([]);
      setSelectedRows([]);
      setRowErrors({});
      setTab('basic');
      setSession({
        key: ++sessionCount,
        values,
        rows: loaded,
        stock: depots,
        images: imgs,
        multiUnit: multi,
        serverMax,
        skuLocked: target.mode === 'edit' && Array.isArray(values.manySku) && (values.manySku as unknown[]).length > 0,
      });
      // Each chosen attribute's values, for its select.
      for (const id of (values.manySku as string[] | undefined) ?? []) void loadAttributeValues(id);
    });
    return () => {
      live = false;
    };
  }, [target]);

  useEffect(
    () => () => {
      for (const timer of checkTimers.current.values()) clearTimeout(timer);
      clearTimeout(pinyinTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (session)
      return focusFirstField(
        () => boxRef.current,
        (box) => box.querySelector<HTMLElement>('input') ?? undefined,
      );
  }, [session]);

  const refreshAttributeNames = async () => {
    const body = await http
      .get<unknown>('/materialAttribute/getNameList', undefined, { silent: true })
      .catch(() => null);
    setAttributeNames(optionList(body).map((a) => ({ value: String(a.value), name: String(a.name) })));
  };

  const currentMax = () => maxBarCode(session?.serverMax ?? '1000', rows);

  const picture = (values: Record<string, unknown>, r: unknown, s: unknown, i: unknown, m: boolean) =>
    JSON.stringify([pickDefined(values), r, s, i, m]);
  const isDirty = () =>
    Boolean(session) &&
    picture(form.getFieldsValue(true) as Record<string, unknown>, rows, stock, images, multiUnit) !==
      picture(session!.values, session!.rows, session!.stock, session!.images, session!.multiUnit);

  const requestClose = useCloseGuard(isDirty, onClose);

  // --- barcode rows -------------------------------------------------------------------------------------------------

  const rowKey = (row: BarCodeRow) => String(row.id);

  /** The barcode's own rules, then (debounced while typing) whether another product has it. */
  const checkBarCode = (row: BarCodeRow, immediate: boolean): Promise<string> => {
    const key = rowKey(row);
    const code = row.barCode.trim();
    clearTimeout(checkTimers.current.get(key));
    const local =
      code === '' ? t('product.barCodeRequired') : !BARCODE_PATTERN.test(code) ? t('product.barCodeLength') : '';
    const seq = (checkSeq.current.get(key) ?? 0) + 1;
    checkSeq.current.set(key, seq);
    if (local) {
      setRowErrors((prev) => ({ ...prev, [key]: local }));
      return Promise.resolve(local);
    }
    return new Promise((resolve) => {
      const run = () => {
        http
          .get<unknown>(
            '/materialsExtend/checkIsBarCodeExist',
            { barCode: code, id: isNewRowId(row.id) ? '0' : String(row.id) },
            { silent: true },
          )
          .then(interpretCheckAnswer, () => ({ kind: 'failed' as const, message: '' }))
          .then((outcome) => {
            const text = outcome.kind === 'taken' ? t('product.barCodeExists') : '';
            // A later keystroke has asked again: only the newest answer shows.
            if (checkSeq.current.get(key) === seq) setRowErrors((prev) => ({ ...prev, [key]: text }));
            resolve(text);
          });
      };
      if (immediate) run();
      else checkTimers.current.set(key, setTimeout(run, NAME_CHECK_DEBOUNCE_MS));
    });
  };

  const changePrice = (id: string | number, patch: Partial<BarCodeRow>) => {
    setRows((prev) => {
      const next = prev.map((r) => (r.id === id ? { ...r, ...patch } : r));
      // A multi-unit product's basic row drives the other rows' prices.
      return multiUnit && unitGroup && next[0]?.id === id ? derivePrices(next, unitGroup) : next;
    });
  };

  const changeRow = (id: string | number, patch: Partial<BarCodeRow>) => {
    setRows((prev) => prev.map((r) => (r.id === id ? { ...r, ...patch } : r)));
    if ('barCode' in patch) {
      const row = rows.find((r) => r.id === id);
      if (row) void checkBarCode({ ...row, ...patch }, false);
    }
  };

  const addRow = () => {
    const unit = multiUnit ? '' : String(form.getFieldValue('unit') ?? '');
    setRows((prev) => [...prev, emptyRow(addToBarCode(maxBarCode(session?.serverMax ?? '1000', prev), 1), unit)]);
  };

  const removeSelectedRows = () => {
    setDeletedIds((prev) => [...prev, ...selectedRows]);
    setRows((prev) => prev.filter((r) => !selectedRows.includes(r.id)));
    setSelectedRows([]);
  };

  const replaceRows = (next: BarCodeRow[]) => {
    const kept = new Set(next.map((r) => r.id));
    const gone = rows.filter((r) => !kept.has(r.id)).map((r) => r.id);
    if (gone.length > 0) setDeletedIds((prev) => [...prev, ...gone]);
    setRows(next);
  };

  const onUnitGroup = (id: number | undefined) => {
    const group = units.find((u) => u.id === id);
    if (group) replaceRows(rowsForUnitGroup(rows, group, currentMax()));
  };

  const onSingleUnit = (unit: string) => {
    const previous = String(form.getFieldValue('unit') ?? '');
    setRows((prev) =>
      prev.map((r) => (r.commodityUnit === '' || r.commodityUnit === previous ? { ...r, commodityUnit: unit } : r)),
    );
  };

  const onManySku = (ids: string[]) => {
    form.setFieldsValue({ skuOne: undefined, skuTwo: undefined, skuThree: undefined });
    // A new attribute choice starts the grid again.
    replaceRows([]);
    for (const id of ids) if (!attributeValues[id]) void loadAttributeValues(id);
  };

  const onSkuValues = () => {
    const chosen = ((form.getFieldValue('manySku') as string[] | undefined) ?? []).map(
      (_, i) => (form.getFieldValue(SKU_FIELDS[i]!) as string[] | undefined) ?? [],
    );
    const unit = multiUnit ? '' : String(form.getFieldValue('unit') ?? '');
    replaceRows(rowsForSkus(rows, skuCombinations(chosen), unit, currentMax()));
  };

  const openBatch = (key: string, label: MessageKey, placeholder: MessageKey, stockColumn: boolean) => {
    if (!stockColumn && !((manySku?.length ?? 0) > 0 || mode === 'edit')) {
      message.warning(t('product.batchOnlySku'));
      return;
    }
    setBatch({ key, title: t('product.batchSetTitle', { label: t(label) }), placeholder: t(placeholder) });
  };

  const applyBatch = (value: number | null) => {
    const key = batch?.key;
    setBatch(null);
    if (value === null || !key) return;
    if ((PRICE_KEYS as readonly string[]).includes(key)) setRows((prev) => prev.map((r) => ({ ...r, [key]: value })));
    else setStock((prev) => prev.map((s) => ({ ...s, [key]: value })));
  };

  // --- the name's mnemonic ------------------------------------------------------------------------------------------

  const onName = (name: string) => {
    clearTimeout(pinyinTimer.current);
    pinyinTimer.current = setTimeout(() => {
      if (!name.trim()) return;
      http
        .post<unknown>('/material/changeNameToPinYin', { name }, { silent: true })
        .then((body) => {
          const mnemonic = okData(body);
          if (typeof mnemonic === 'string') form.setFieldValue('mnemonic', mnemonic);
        })
        .catch(() => undefined);
    }, PINYIN_DEBOUNCE_MS);
  };

  // --- save ---------------------------------------------------------------------------------------------------------

  const refusal = (problem: Problem) => ({ refuse: t(problem.key, problem.params) });

  const { save, saving } = useFormSave<Record<string, unknown>>({
    form,
    invalid: () => setTab('basic'),
    prepare: async (validated) => {
      if (readOnly || !session) return null;
      const values = { ...(form.getFieldsValue(true) as Record<string, unknown>), ...validated };
      // The grid: every row's barcode rules and duplicate check, its unit.
      const problems = await Promise.all(rows.map((r) => checkBarCode(r, true)));
      if (problems.some(Boolean) || rows.some((r) => !r.commodityUnit.trim())) {
        setTab('basic');
        return rows.some((r) => !r.commodityUnit.trim()) ? { refuse: t('product.rowUnitRequired') } : null;
      }
      // Every price and stock figure under the number rule: the first refused one stops the save, on its tab.
      const price = firstCellRefusal(rows, PRICE_KEYS, PRICE_LIMITS, t);
      if (price) {
        setTab('basic');
        return {
          refuse: t('entry.rule.cellProblem', {
            row: price.index + 1,
            column: t(PRICE_TITLES[price.key]),
            problem: price.problem,
          }),
        };
      }
      const counted = firstCellRefusal(stock, STOCK_KEYS, STOCK_LIMITS, t);
      if (counted) {
        setTab('stock');
        return {
          refuse: t('product.depotNumberProblem', {
            depot: stock[counted.index]!.name,
            column: t(STOCK_TITLES[counted.key]),
            problem: counted.problem,
          }),
        };
      }
      const draft: ProductDraft = { values, unitGroup, multiUnit, rows, stock, images };
      const early = checksBeforeExist(draft);
      if (early) return refusal(early);
      // Every parameter must be present, empty ones too (the backend requires them): the query is written out here
      // because the HTTP client leaves empty parameters out.
      const existUrl = `/material/checkIsExist?${new URLSearchParams(existQuery(draft, productId)).toString()}`;
      const existAnswer = await http.get<unknown>(existUrl, undefined, { silent: true }).catch(() => null);
      const exist = interpretCheckAnswer(existAnswer);
      if (exist.kind === 'failed') return null;
      if (exist.kind === 'taken') return { refuse: t('product.exists') };
      const late = checksAfterExist(draft, t('product.or'));
      if (late) {
        if (
          late.key === 'product.serialWithStock' ||
          late.key === 'product.batchWithStock' ||
          late.key === 'product.lowAboveHigh'
        )
          setTab('stock');
        return refusal(late);
      }
      const body = productBody(draft, productId, deletedIds);
      return {
        write:
          productId === undefined
            ? { url: '/material/add', method: 'post', body }
            : { url: '/material/update', method: 'put', body },
      };
    },
    saved: () => {
      onClose();
      onSaved();
    },
  });

  // --- rendering ----------------------------------------------------------------------------------------------------

  const alias = (n: 1 | 2 | 3) => aliases[`扩展${n}`] || t('product.otherField', { n: String(n) });
  const item = (name: string, label: ReactNode, control: ReactNode, rules?: object[], extra?: object) => (
    <Col xs={24} sm={12} md={8} key={name}>
      <Form.Item name={name} label={label} rules={rules as never} {...extra}>
        {control}
      </Form.Item>
    </Col>
  );
  const tip = (label: MessageKey, text: MessageKey) => (
    <span>
      {t(label)} <HintIcon text={t(text)} />
    </span>
  );
  const yesNo = [
    { value: '1', label: t('product.yes') },
    { value: '0', label: t('product.no') },
  ];
  const max100 = { max: 100, message: t('product.lengthUnder100') };
  const showSku = (manySku?.length ?? 0) > 0 || rows.some((r) => r.sku);
  const priceColumn = (key: PriceKey, label: MessageKey) => ({
    title: t(label),
    key,
    width: 130,
    render: (_: unknown, row: BarCodeRow, index: number) => (
      <NumberCell
        aria-label={`${t(label)} ${index + 1}`}
        size="small"
        value={row[key]}
        readOnly={readOnly}
        limits={PRICE_LIMITS}
        onChange={(v) => changePrice(row.id, { [key]: v as BarCodeRow[PriceKey] })}
      />
    ),
  });
  const gridColumns = [
    {
      title: t('product.barCode'),
      key: 'barCode',
      width: 180,
      render: (_: unknown, row: BarCodeRow, index: number) => (
        <div>
          <Input
            aria-label={`${t('product.barCode')} ${index + 1}`}
            size="small"
            value={row.barCode}
            readOnly={readOnly}
            status={rowErrors[rowKey(row)] ? 'error' : undefined}
            onChange={(e) => changeRow(row.id, { barCode: e.target.value })}
          />
          {rowErrors[rowKey(row)] ? (
            <div role="alert" className="ant-form-item-explain-error">
              {rowErrors[rowKey(row)]}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: t('product.rowUnit'),
      key: 'commodityUnit',
      width: 100,
      render: (_: unknown, row: BarCodeRow, index: number) => (
        <Input
          aria-label={`${t('product.rowUnit')} ${index + 1}`}
          size="small"
          value={row.commodityUnit}
          readOnly={readOnly}
          onChange={(e) => changeRow(row.id, { commodityUnit: e.target.value })}
        />
      ),
    },
    ...(showSku
      ? [{ title: t('product.sku'), key: 'sku', width: 120, render: (_: unknown, row: BarCodeRow) => row.sku ?? '' }]
      : []),
    priceColumn('purchaseDecimal', 'product.purchasePrice'),
    priceColumn('commodityDecimal', 'product.retailPrice'),
    priceColumn('wholesaleDecimal', 'product.salePrice'),
    priceColumn('lowDecimal', 'product.lowPrice'),
  ];
  const stockNumber = (key: 'initStock' | 'lowSafeStock' | 'highSafeStock', label: MessageKey) => ({
    title: t(label),
    key,
    width: 170,
    render: (_: unknown, row: StockRow) => (
      <NumberCell
        aria-label={`${row.name} ${t(label)}`}
        size="small"
        value={row[key]}
        readOnly={readOnly}
        limits={STOCK_LIMITS}
        onChange={(v) =>
          setStock((prev) => prev.map((s) => (s.id === row.id ? { ...s, [key]: v as StockRow[typeof key] } : s)))
        }
      />
    ),
  });

  const batchButtons = (list: [string, MessageKey][], placeholder: MessageKey, stockColumn: boolean) =>
    readOnly
      ? null
      : list.map(([key, label]) => (
          <Button key={key} onClick={() => openBatch(key, label, placeholder, stockColumn)}>
            {t('product.batchSuffix', { label: t(label) })}
          </Button>
        ));

  const basic = session ? (
    <>
      <Row gutter={16}>
        {item(
          'name',
          t('product.name'),
          <Input
            placeholder={t('form.inputPlaceholder', { label: t('product.name') })}
            onChange={(e) => onName(e.target.value)}
          />,
          [{ required: true, message: t('product.nameRequired') }, max100],
        )}
        {item(
          'standard',
          t('product.standard'),
          <Input placeholder={t('form.inputPlaceholder', { label: t('product.standard') })} />,
          [max100],
        )}
        {item(
          'model',
          t('product.model'),
          <Input placeholder={t('form.inputPlaceholder', { label: t('product.model') })} />,
          [max100],
        )}
        <Col xs={24} sm={12} md={8}>
          <Form.Item label={t('product.unit')} required>
            <Space.Compact style={{ width: '100%' }}>
              {multiUnit ? (
                <Form.Item name="unitId" noStyle rules={[{ required: true, message: t('product.unitGroupRequired') }]}>
                  <Select
                    aria-label={t('product.unitGroupPlaceholder')}
                    placeholder={t('product.unitGroupPlaceholder')}
                    style={{ width: '100%' }}
                    // Searched by name as the original's: a tenant's groups can run past what the list shows.
                    showSearch={{ optionFilterProp: 'label' }}
                    options={units.map((u) => ({ value: u.id, label: u.name }))}
                    onChange={(v: number) => onUnitGroup(v)}
                    disabled={readOnly}
                  />
                </Form.Item>
              ) : (
                <Form.Item
                  name="unit"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: t('product.unitRequired') }]}
                >
                  <Input
                    aria-label={t('product.unit')}
                    placeholder={t('product.unitPlaceholder')}
                    onChange={(e) => onSingleUnit(e.target.value)}
                  />
                </Form.Item>
              )}
              <Checkbox
                checked={multiUnit}
                disabled={readOnly}
                style={{ marginLeft: 8, whiteSpace: 'nowrap', alignSelf: 'center' }}
                onChange={(e) => setMultiUnit(e.target.checked)}
              >
                {t('product.multiUnit')}
              </Checkbox>
            </Space.Compact>
          </Form.Item>
        </Col>
        {item(
          'color',
          t('product.color'),
          <Input placeholder={t('form.inputPlaceholder', { label: t('product.color') })} />,
        )}
        {item(
          'brand',
          t('product.brand'),
          <Input placeholder={t('form.inputPlaceholder', { label: t('product.brand') })} />,
        )}
        {item('mnemonic', t('product.mnemonic'), <Input readOnly />)}
        {item(
          'categoryId',
          t('product.category'),
          <FieldControl field={CATEGORY_FIELD} selfId={undefined} readOnly={readOnly} />,
        )}
        {item('weight', t('product.weight'), <NumberTextInput suffix={t('product.weightSuffix')} />, [
          numberFormRule(NOT_NEGATIVE, t),
        ])}
        {item('expiryNum', t('product.expiryNum'), <NumberTextInput suffix={t('product.expirySuffix')} />, [
          numberFormRule({ min: 0, integer: true }, t),
        ])}
        {item(
          'position',
          t('product.position'),
          <Input placeholder={t('form.inputPlaceholder', { label: t('product.position') })} />,
        )}
        {item(
          'mfrs',
          t('product.mfrs'),
          <Input placeholder={t('form.inputPlaceholder', { label: t('product.mfrs') })} />,
        )}
        {item('otherField1', alias(1), <Input placeholder={t('form.inputPlaceholder', { label: alias(1) })} />)}
        {item('otherField2', alias(2), <Input placeholder={t('form.inputPlaceholder', { label: alias(2) })} />)}
        {item('otherField3', alias(3), <Input placeholder={t('form.inputPlaceholder', { label: alias(3) })} />)}
        {item(
          'enableSerialNumber',
          tip('product.serialNumber', 'product.serialTip'),
          <Select aria-label={t('product.serialNumber')} options={yesNo} disabled={readOnly} />,
        )}
        {item(
          'enableBatchNumber',
          tip('product.batchNumber', 'product.batchTip'),
          <Select aria-label={t('product.batchNumber')} options={yesNo} disabled={readOnly} />,
        )}
        {item(
          'manySku',
          t('product.manySku'),
          <Select
            aria-label={t('product.manySku')}
            mode="multiple"
            maxCount={3}
            allowClear
            disabled={readOnly || session.skuLocked}
            options={attributeNames.map((a) => ({ value: a.value, label: a.name }))}
            onChange={(ids: string[]) => onManySku(ids)}
            popupRender={(menu) => (
              <>
                {menu}
                <Button type="link" size="small" onClick={() => void refreshAttributeNames()}>
                  {t('product.refreshList')}
                </Button>
              </>
            )}
          />,
        )}
        {(manySku ?? []).map((id, i) =>
          item(
            SKU_FIELDS[i]!,
            attributeNames.find((a) => a.value === id)?.name ?? id,
            <Select
              aria-label={`${t('product.manySku')} ${attributeNames.find((a) => a.value === id)?.name ?? id}`}
              mode="multiple"
              allowClear
              disabled={readOnly}
              options={(attributeValues[id] ?? []).map((v) => ({ value: v, label: v }))}
              onChange={() => onSkuValues()}
            />,
          ),
        )}
        <Col span={24}>
          <Form.Item name="remark" labelCol={{ span: 0 }} wrapperCol={{ span: 24 }}>
            <Input.TextArea
              aria-label={t('product.remarkPlaceholder')}
              placeholder={t('product.remarkPlaceholder')}
              rows={2}
            />
          </Form.Item>
        </Col>
      </Row>
      {readOnly ? null : (
        <Space style={{ marginBottom: 8 }} wrap>
          <Button icon={<PlusOutlined />} onClick={addRow}>
            {t('product.addRow')}
          </Button>
          <Button disabled={selectedRows.length === 0} onClick={removeSelectedRows}>
            {t('product.deleteRow')}
          </Button>
          {batchButtons(
            [
              ['purchaseDecimal', 'product.purchasePrice'],
              ['commodityDecimal', 'product.retailPrice'],
              ['wholesaleDecimal', 'product.salePrice'],
              ['lowDecimal', 'product.lowPrice'],
            ],
            'product.pricePlaceholder',
            false,
          )}
        </Space>
      )}
      <Table<BarCodeRow>
        size="small"
        bordered
        pagination={false}
        rowKey={rowKey}
        dataSource={rows}
        columns={gridColumns}
        className="product-barcodes"
        scroll={{ x: 900 }}
        rowSelection={
          readOnly
            ? undefined
            : {
                selectedRowKeys: selectedRows.map(String),
                onChange: (keys) => setSelectedRows(rows.filter((r) => keys.includes(rowKey(r))).map((r) => r.id)),
              }
        }
      />
    </>
  ) : null;

  const stockTab = (
    <>
      <Space style={{ marginBottom: 8 }} wrap>
        {batchButtons(
          [
            ['initStock', 'product.initStockShort'],
            ['lowSafeStock', 'product.lowSafeStockShort'],
            ['highSafeStock', 'product.highSafeStockShort'],
          ],
          'product.numberPlaceholder',
          true,
        )}
      </Space>
      <Table<StockRow>
        size="small"
        bordered
        pagination={false}
        rowKey="id"
        dataSource={stock}
        className="product-stock"
        columns={[
          { title: t('product.depot'), dataIndex: 'name', key: 'name', width: 160 },
          stockNumber('initStock', 'product.initStock'),
          stockNumber('lowSafeStock', 'product.lowSafeStock'),
          stockNumber('highSafeStock', 'product.highSafeStock'),
        ]}
      />
    </>
  );

  const imagesTab = (
    <div>
      <FileUpload
        biz="material"
        images
        value={images}
        onChange={setImages}
        max={4}
        sizeLimit={sizeLimit}
        disabled={readOnly}
      />
      <div style={{ color: '#999' }}>{t('product.imagesHint', { size: fileSizeText(sizeLimit) })}</div>
    </div>
  );

  const title = t(mode === 'add' ? 'form.addTitle' : mode === 'copy' ? 'product.copyTitle' : 'form.editTitle');
  return (
    <FormDialog
      open={target !== null}
      title={title}
      width={1200}
      requestClose={requestClose}
      afterClose={() => {
        if (target === null) setSession(null);
      }}
      footer={
        <FormFooter requestClose={requestClose} saving={saving} onSave={readOnly ? undefined : () => void save()} />
      }
    >
      {session ? (
        <div
          ref={boxRef}
          onKeyDownCapture={(e) =>
            formKeyDown(e, boxRef.current, {
              save: () => {
                if (!readOnly) void save();
              },
              requestClose,
            })
          }
        >
          <Form
            key={session.key}
            form={form}
            name={`product-${session.key}`}
            initialValues={session.values}
            clearOnDestroy
            autoComplete="off"
            disabled={readOnly}
            // A label longer than its column (Серийный номер, Место хранения) wraps, never hides under its field.
            labelWrap
            labelCol={{ span: 7 }}
            wrapperCol={{ span: 17 }}
          >
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                { key: 'basic', label: t('product.tabBasic'), children: basic, forceRender: true },
                { key: 'stock', label: t('product.tabStock'), children: stockTab },
                { key: 'images', label: t('product.tabImages'), children: imagesTab },
              ]}
            />
          </Form>
          <BatchValue title={batch?.title ?? null} placeholder={batch?.placeholder ?? ''} onDone={applyBatch} />
        </div>
      ) : (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      )}
    </FormDialog>
  );
}

/** Form values without the empty ones, so an untouched empty field and an absent one compare equal. */
function pickDefined(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(values).sort()) {
    const v = values[key];
    if (!blank(v) && !(Array.isArray(v) && v.length === 0)) out[key] = v;
  }
  return out;
}
