// The one form of the six financial bills, driven by the kind's constants: the head (party, date, number, 财务人员,
// account, amounts, discount, remark) and the detail grid. It behaves as the stock bill form, on the form kit's keys
// and save (form-keys.ts, use-form-save.ts): Enter walks head → grid (选择单据 / 新增行 included, Enter presses them)
// → account and amounts → 备注 (Enter walks on, Shift+Enter is a newline) → 附件; a typed date is kept; Ctrl+S /
// Ctrl+Enter save, Esc asks before dropping changes, one save at a time, and a failed save keeps every value and line
// and shows the backend's reason.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useFormSave } from '../../../components/form-kit/use-form-save';
import { focusFirstField, formKeyDown } from '../../../components/form-kit/form-keys';
import { useT } from '../../../lib/i18n/use-t';
import {
  loadAccounts,
  loadDebtBills,
  loadFinancePeople,
  loadInOutItems,
  loadOpeningBalance,
  loadParties,
  type AccountChoice,
  type Choice,
} from '../api';
import type { BillFormKind } from '../financial-bill-kinds';
import {
  billTotals,
  buildSaveBody,
  emptyRow,
  rowFromOpeningBalance,
  rowProblem,
  rowsFromDebtBills,
  type BillHead,
  type BillRow,
} from '../financial-bill-math';
import { AMOUNT_LIMITS, BillGrid } from './bill-grid';
import { firstCellRefusal, numberFormRule } from '../../../components/form-kit/number-field';
import { NumberTextInput } from '../../../components/form-kit/number-text-input';
import { NOT_NEGATIVE } from '../../../lib/number-rule';
import { DebtBillPicker } from './debt-bill-picker';
import './financial-bill-form.css';
import { FileUpload } from '../../../components/form-kit/file-upload';
import { useFormDraft } from '../../../components/form-kit/form-draft';
import { FormDialog, FormFooter, type BillFormProps } from '../../../components/form-kit/form-dialog';
import { useAppFeedback } from '../../../lib/app-feedback';

export const ADD_URL = '/accountHead/addAccountHeadAndDetail';
export const UPDATE_URL = '/accountHead/updateAccountHeadAndDetail';
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** 附件 at most: the head's file_name holds 500 characters, four stored paths fit (as on the stock bills). */
const MAX_ATTACHMENTS = 4;

/** What the form opens with: 新增 and 复制 add a bill, 编辑 updates the one read back (`loaded`). */
export interface BillFormTarget {
  mode: 'add' | 'edit';
  head: BillHead;
  rows: BillRow[];
  loaded?: Record<string, unknown>;
  /** A kept draft being restored: the form opens on it (and counts as changed against head and rows). */
  restored?: { head: BillHead; rows: BillRow[] };
}

/** A financial form's draft: how it was opened and what was typed. */
export interface FinancialDraft {
  target: Omit<BillFormTarget, 'restored'>;
  head: BillHead;
  rows: BillRow[];
}

interface HeadValues {
  organId?: number;
  billTime?: Dayjs;
  billNo?: string;
  handsPersonId?: number;
  accountId?: number;
  discountMoney?: number | null;
  remark?: string;
  fileName?: string[];
}

function headValuesOf(head: BillHead): HeadValues {
  const time = dayjs(head.billTime, TIME_FORMAT);
  return {
    organId: head.organId ?? undefined,
    billTime: time.isValid() ? time : undefined,
    billNo: head.billNo,
    handsPersonId: head.handsPersonId ?? undefined,
    accountId: head.accountId ?? undefined,
    discountMoney: head.discountMoney ?? 0,
    remark: head.remark ?? '',
    fileName: head.fileName ?? [],
  };
}

function headOf(values: HeadValues): BillHead {
  return {
    organId: values.organId ?? null,
    billTime: values.billTime ? values.billTime.format(TIME_FORMAT) : '',
    billNo: values.billNo ?? '',
    handsPersonId: values.handsPersonId ?? null,
    accountId: values.accountId ?? null,
    discountMoney: values.discountMoney ?? 0,
    remark: values.remark ?? '',
    fileName: values.fileName ?? [],
  };
}

const snapshotOf = (values: HeadValues, rows: BillRow[]) =>
  JSON.stringify({ ...headOf(values), rows: rows.map(({ key: _key, ...rest }) => rest) });

export function FinancialBillForm(props: BillFormProps<BillFormKind, BillFormTarget>) {
  const { kind, target, canAudit, onClose, onSaved, draftPage } = props;
  const t = useT();
  const { message, modal } = useAppFeedback();
  const [form] = Form.useForm<HeadValues>();
  const [rows, setRows] = useState<BillRow[]>([]);
  const [parties, setParties] = useState<Choice[]>([]);
  const [people, setPeople] = useState<Choice[]>([]);
  const [accounts, setAccounts] = useState<AccountChoice[]>([]);
  const [items, setItems] = useState<Choice[]>([]);
  const [picking, setPicking] = useState<number | null>(null);
  const initialRef = useRef('');
  const boxRef = useRef<HTMLDivElement>(null);
  const discount = Form.useWatch('discountMoney', form);
  const totals = useMemo(
    () => billTotals(kind, rows, typeof discount === 'number' ? discount : 0),
    [kind, rows, discount],
  );

  // Each opening: the values it brings, the option lists fresh from the backend, the default account on 新增.
  useEffect(() => {
    if (!target) return;
    const values = headValuesOf(target.head);
    form.setFieldsValue(target.restored ? headValuesOf(target.restored.head) : values);
    // Opening the form is what this effect is for: the lines come with the target.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRows(target.restored?.rows ?? target.rows);
    initialRef.current = snapshotOf(values, target.rows);
    let live = true;
    const keep =
      <T,>(set: (v: T) => void) =>
      (v: T) => {
        if (live) set(v);
      };
    loadParties(kind, target.head.organId)
      .then(keep(setParties))
      .catch(() => undefined);
    loadFinancePeople()
      .then(keep(setPeople))
      .catch(() => undefined);
    loadAccounts()
      .then(
        keep((list: AccountChoice[]) => {
          setAccounts(list);
          // 新增 starts on the default account unless the bill brought one (复制).
          if (
            kind.account &&
            target.mode === 'add' &&
            (target.head.accountId === null || target.head.accountId === undefined)
          ) {
            const preferred = list.find((a) => a.isDefault);
            if (preferred && form.getFieldValue('accountId') === undefined) {
              form.setFieldsValue({ accountId: preferred.value });
              initialRef.current = snapshotOf({ ...values, accountId: preferred.value }, target.rows);
            }
          }
        }),
      )
      .catch(() => undefined);
    if (kind.itemType)
      loadInOutItems(kind.itemType)
        .then(keep(setItems))
        .catch(() => undefined);
    const cancelFocus = focusFirstField(() => boxRef.current);
    return () => {
      live = false;
      cancelFocus();
    };
  }, [target, kind, form]);

  const isDirty = () =>
    Boolean(target) && snapshotOf(form.getFieldsValue(true) as HeadValues, rows) !== initialRef.current;

  const title = `${t(kind.title)} - ${t(target?.mode === 'edit' ? 'form.editTitle' : 'form.addTitle')}`;
  // Every change of the lines (watched) and of the head (onValuesChange) is kept at once.
  const { close, keepDraft, requestClose } = useFormDraft({
    page: draftPage,
    title,
    isOpen: () => target !== null,
    isDirty,
    content: () => {
      const { restored: _restored, ...opened } = target!;
      return {
        target: opened,
        head: headOf(form.getFieldsValue(true) as HeadValues),
        rows,
      } satisfies FinancialDraft;
    },
    onClose,
    watched: rows,
  });

  const { save, saving } = useFormSave<HeadValues, ['0' | '1']>({
    form,
    prepare: (values, status) => {
      if (!target) return null;
      const typed = firstCellRefusal(rows, ['eachAmountText'], AMOUNT_LIMITS, t);
      if (typed)
        return {
          refuse: t('entry.rule.cellProblem', {
            row: typed.index + 1,
            column: t(kind.columns.amount),
            problem: typed.problem,
          }),
        };
      const problem = rowProblem(kind, rows);
      if (problem) return { refuse: t(problem) };
      const body = buildSaveBody(
        kind,
        headOf(values),
        rows,
        status,
        target.mode === 'edit' ? target.loaded : undefined,
      );
      return {
        write:
          target.mode === 'add' ? { url: ADD_URL, method: 'post', body } : { url: UPDATE_URL, method: 'put', body },
      };
    },
    saved: () => {
      close();
      onSaved();
    },
  });

  /** After rows arrive, the cursor goes to the first row's first control (its account or amount). */
  const focusFirstRow = (last = false) =>
    requestAnimationFrame(() => {
      const rowsShown = boxRef.current?.querySelectorAll<HTMLElement>('.financial-grid tbody tr');
      const row = rowsShown && (last ? rowsShown[rowsShown.length - 1] : rowsShown[0]);
      row?.querySelector<HTMLElement>('input')?.focus();
    });

  const addRow = () => {
    setRows((list) => [...list, emptyRow()]);
    focusFirstRow(true);
  };

  /** 选择单据 and 期初 pick for the chosen party; none chosen yet is said (请先选择…). */
  const chosenParty = (): number | null => {
    const organId = form.getFieldValue('organId') as number | undefined;
    if (organId === undefined || organId === null) {
      message.warning(t(kind.debt!.partyFirst));
      return null;
    }
    return organId;
  };

  const pickBills = () => {
    const organId = chosenParty();
    if (organId !== null) setPicking(organId);
  };

  const pickOpening = () => {
    const organId = chosenParty();
    if (organId === null) return;
    modal.confirm({
      title: t('table.confirmOperateTitle'),
      content: t(kind.debt!.beginConfirm),
      onOk: async () => {
        try {
          setRows([rowFromOpeningBalance(await loadOpeningBalance(organId))]);
        } catch (error) {
          const reason = error instanceof Error ? error.message : '';
          if (reason) message.info(reason);
        }
      },
    });
  };

  // The kit's keys; 备注's Enter walks on (Shift+Enter its newline) and a typed date is kept.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) =>
    formKeyDown(e, boxRef.current, {
      save: () => void save('0'),
      requestClose,
      textareaWalks: true,
      typedDate: { format: TIME_FORMAT, take: (date) => form.setFieldValue('billTime', date) },
    });

  const selectProps = (label: string) => ({
    allowClear: true,
    showSearch: { optionFilterProp: 'label' as const },
    placeholder: t('form.selectPlaceholder', { label }),
  });
  const half = { xs: 24, sm: 12, lg: 6 };

  // The picker stands beside the form's dialog, not inside it: its Esc closes only itself.
  return (
    <>
      <FormDialog
        open={target !== null}
        title={title}
        width={1200}
        requestClose={requestClose}
        footer={
          <FormFooter
            requestClose={requestClose}
            saving={saving}
            onSave={() => void save('0')}
            saveLabel="finance.save"
            audit={canAudit ? { label: 'finance.saveAndAudit', onSave: () => void save('1') } : null}
          />
        }
      >
        {target ? (
          <div ref={boxRef} onKeyDownCapture={onKeyDown} className="financial-bill-form">
            <Form form={form} layout="vertical" autoComplete="off" name="financial-bill" onValuesChange={keepDraft}>
              <Row gutter={16}>
                {kind.party ? (
                  <Col {...half}>
                    <Form.Item
                      name="organId"
                      label={t(kind.party.label)}
                      rules={kind.party.required ? [{ required: true, message: t(kind.party.required) }] : []}
                    >
                      <Select {...selectProps(t(kind.party.label))} options={parties} />
                    </Form.Item>
                  </Col>
                ) : null}
                <Col {...half}>
                  <Form.Item
                    name="billTime"
                    label={t('finance.field.billTime')}
                    rules={[{ required: true, message: t('finance.rule.billTime') }]}
                  >
                    <DatePicker
                      showTime
                      format={TIME_FORMAT}
                      style={{ width: '100%' }}
                      placeholder={t('form.selectPlaceholder', { label: t('finance.field.billTime') })}
                    />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item
                    name="billNo"
                    label={t('finance.field.billNo')}
                    rules={[{ required: true, whitespace: true, message: t('finance.rule.billNo') }]}
                  >
                    <Input placeholder={t('form.inputPlaceholder', { label: t('finance.field.billNo') })} />
                  </Form.Item>
                </Col>
                <Col {...half}>
                  <Form.Item name="handsPersonId" label={t('finance.field.financePerson')}>
                    <Select {...selectProps(t('finance.field.financePerson'))} options={people} />
                  </Form.Item>
                </Col>
              </Row>
              {kind.grid === 'debt' ? (
                <Space className="financial-grid-buttons">
                  <Button data-walk="" onClick={pickBills}>
                    {t('finance.pickBills')}
                  </Button>
                  <Button onClick={pickOpening}>{t('finance.pickOpening')}</Button>
                </Space>
              ) : (
                <Space className="financial-grid-buttons">
                  <Button data-walk="" icon={<PlusOutlined />} onClick={addRow}>
                    {t('finance.addRow')}
                  </Button>
                </Space>
              )}
              <BillGrid kind={kind} rows={rows} onChange={setRows} accounts={accounts} items={items} />
              <Row gutter={16} style={{ marginTop: 16 }}>
                {kind.account ? (
                  <Col {...half}>
                    <Form.Item
                      name="accountId"
                      label={t(kind.account.label)}
                      rules={[{ required: true, message: t(kind.account.required) }]}
                    >
                      <Select {...selectProps(t(kind.account.label))} options={accounts} />
                    </Form.Item>
                  </Col>
                ) : null}
                {kind.totalLabel ? (
                  <Col {...half}>
                    <Form.Item label={t(kind.totalLabel)}>
                      <Input readOnly value={String(totals.totalPrice)} aria-label={t(kind.totalLabel)} />
                    </Form.Item>
                  </Col>
                ) : null}
                {kind.discount ? (
                  <Col {...half}>
                    <Form.Item
                      name="discountMoney"
                      label={t('finance.field.discountMoney')}
                      rules={[
                        { required: true, message: t('finance.rule.discountMoney') },
                        numberFormRule({ ...NOT_NEGATIVE, decimals: 2 }, t),
                      ]}
                    >
                      <NumberTextInput
                        displayDecimals={2}
                        placeholder={t('form.inputPlaceholder', { label: t('finance.field.discountMoney') })}
                      />
                    </Form.Item>
                  </Col>
                ) : null}
                <Col {...half}>
                  <Form.Item label={t(kind.changeLabel)}>
                    <Input readOnly value={totals.changeAmount.toFixed(2)} aria-label={t(kind.changeLabel)} />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name="remark" label={t('finance.field.remark')}>
                    <Input.TextArea
                      rows={2}
                      placeholder={t('form.inputPlaceholder', { label: t('finance.field.remark') })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name="fileName" label={t('form.attachments')}>
                    <FileUpload biz="financial" max={MAX_ATTACHMENTS} />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          </div>
        ) : (
          <Spin />
        )}
      </FormDialog>
      {kind.debt ? (
        <DebtBillPicker
          kind={kind}
          organId={picking}
          onClose={() => setPicking(null)}
          onPick={(bills) => {
            setPicking(null);
            setRows(rowsFromDebtBills(bills));
            focusFirstRow();
          }}
          load={loadDebtBills}
        />
      ) : null}
    </>
  );
}
