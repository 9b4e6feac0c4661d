// 系统配置: the tenant's one configuration row as a page that saves itself. Every change of a company field or a
// switch sends the whole row (POST /systemConfig/add while the tenant has none, then PUT /systemConfig/update with
// its id); a refusal shows the backend's reason and keeps what the user changed. Saves run one at a time: a change
// made while one is on its way is sent, with everything else changed meanwhile, once it returns. Users without the
// page's edit code see the values read-only.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Form, Input, Select, Switch, Tabs } from 'antd';
import { answerText, interpretSaveAnswer, isOk, okData, okObject } from '../../../lib/backend/envelope';
import { http } from '../../../lib/http';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/use-t';
import { useProgressWhile } from '../../../lib/progress';
import { useButtonAccess } from '../../../lib/use-button-access';
import { useAppFeedback } from '../../../lib/app-feedback';

const PAGE_URL = '/system/system_config';
const ADD_URL = '/systemConfig/add';
const UPDATE_URL = '/systemConfig/update';

type ConfigRow = Record<string, unknown>;

const COMPANY_FIELDS = [
  { name: 'companyName', label: 'sysconfig.companyName', max: 30, tooLong: 'sysconfig.companyNameTooLong' },
  { name: 'companyContacts', label: 'sysconfig.companyContacts' },
  { name: 'companyAddress', label: 'sysconfig.companyAddress' },
  { name: 'companyTel', label: 'sysconfig.companyTel' },
  { name: 'companyFax', label: 'sysconfig.companyFax' },
  { name: 'companyPostCode', label: 'sysconfig.companyPostCode' },
  { name: 'saleAgreement', label: 'sysconfig.saleAgreement', max: 400, tooLong: 'sysconfig.saleAgreementTooLong' },
] as const satisfies readonly { name: string; label: MessageKey; max?: number; tooLong?: MessageKey }[];

/** The switches in the original's order; `on` is the state shown while the row has no value (更新单价 starts on). */
const FLAGS = [
  { name: 'depotFlag', on: false },
  { name: 'customerFlag', on: false },
  { name: 'minusStockFlag', on: false },
  { name: 'purchaseBySaleFlag', on: false },
  { name: 'overLinkBillFlag', on: false },
  { name: 'updateUnitPriceFlag', on: true },
  { name: 'forceApprovalFlag', on: false },
  { name: 'inOutManageFlag', on: false },
  { name: 'multiAccountFlag', on: false },
  { name: 'moveAvgPriceFlag', on: false },
  { name: 'auditPrintFlag', on: false },
  { name: 'zeroChangeAmountFlag', on: false },
  { name: 'customerStaticPriceFlag', on: false },
  { name: 'materialPriceTaxFlag', on: false },
] as const;

type FlagName = (typeof FLAGS)[number]['name'] | 'multiLevelApprovalFlag';
const flagLabel = (name: FlagName) => `sysconfig.${name}` as MessageKey;
const flagHelp = (name: FlagName) => `sysconfig.${name}Help` as MessageKey;

const BILL_TYPES = [
  'LSCK',
  'LSTH',
  'QGD',
  'CGDD',
  'CGRK',
  'CGTH',
  'XSDD',
  'XSCK',
  'XSTH',
  'QTRK',
  'QTCK',
  'DBCK',
  'ZZD',
  'CXD',
  'SR',
  'ZC',
  'SK',
  'FK',
  'ZZ',
  'SYF',
];
const STOCK_CHECK_BILL_TYPES = ['PDLR', 'PDFP'];
const PRODUCE_BILL_TYPES = ['SC', 'WW'];
const billTypeLabel = (key: string) => `sysconfig.bill.${key}` as MessageKey;

const isOn = (value: unknown, fallback: boolean) => (value == null ? fallback : value === '1');

async function pluginInstalled(pluginId: string): Promise<boolean> {
  try {
    return Boolean(
      okData(await http.get<unknown>('/plugin/checkByPluginId', { pluginIds: pluginId }, { silent: true })),
    );
  } catch {
    return false;
  }
}

async function fetchConfigRow(): Promise<{ row?: ConfigRow; refusal?: string }> {
  const reply = await http.get<unknown>('/systemConfig/list', {
    search: JSON.stringify({ companyName: '' }),
    currentPage: 1,
    pageSize: 10,
  });
  if (!isOk(reply)) return { refusal: answerText(reply) };
  const rows = okObject(reply)?.rows;
  return { row: (Array.isArray(rows) ? (rows[0] as ConfigRow | undefined) : undefined) ?? {} };
}

export default function SystemConfigPage() {
  const t = useT();
  const { message } = useAppFeedback();
  const canEdit = useButtonAccess(PAGE_URL).can('1');
  const [row, setRow] = useState<ConfigRow | null>(null);
  const [approvalShown, setApprovalShown] = useState(false);
  const [billTypes, setBillTypes] = useState(BILL_TYPES);
  const [saving, setSaving] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  // A company field typed past its length limit shows here and is not sent (a later save sends its last
  // acceptable value) until the user shortens it.
  const [overLimit, setOverLimit] = useState<Partial<Record<string, string>>>({});
  // The row as the next save sends it: changes land here at once, the state above follows for rendering.
  const model = useRef<ConfigRow>({});
  const savingRef = useRef(false);
  const pending = useRef(false);
  const mounted = useRef(true);
  useProgressWhile((row === null && !loadFailed) || saving);

  useEffect(() => {
    mounted.current = true;
    let live = true;
    fetchConfigRow().then(
      ({ row: loaded, refusal }) => {
        if (!live) return;
        if (refusal !== undefined) message.info(refusal);
        model.current = { ...(loaded ?? {}) };
        setRow(model.current);
      },
      () => {
        // Reported by the HTTP client; the page stays empty and read-only.
        if (live) setLoadFailed(true);
      },
    );
    void pluginInstalled('workflow').then((yes) => {
      if (live && yes) setApprovalShown(true);
    });
    void pluginInstalled('stock-check').then(async (yes) => {
      if (!live || !yes) return;
      setBillTypes((list) => [...list, ...STOCK_CHECK_BILL_TYPES]);
      if ((await pluginInstalled('produce')) && live) setBillTypes((list) => [...list, ...PRODUCE_BILL_TYPES]);
    });
    return () => {
      live = false;
      mounted.current = false;
    };
  }, [message]);

  const save = useCallback(async () => {
    if (savingRef.current) {
      pending.current = true;
      return;
    }
    savingRef.current = true;
    setSaving(true);
    try {
      do {
        pending.current = false;
        const adding = model.current.id == null;
        const body: ConfigRow = { ...model.current };
        // The backend stamps the tenant on insert itself.
        if (adding) delete body.tenantId;
        const url = adding ? ADD_URL : UPDATE_URL;
        const answer = await (adding ? http.post<unknown>(url, body) : http.put<unknown>(url, body));
        if (!mounted.current) return;
        const outcome = interpretSaveAnswer(answer);
        if (!outcome.ok) {
          message.warning(outcome.message || t('form.saveFailed'));
        } else if (adding) {
          // The new row's id makes the next change an update.
          const { row: created } = await fetchConfigRow();
          if (created?.id != null) model.current = { ...model.current, id: created.id, tenantId: created.tenantId };
        }
      } while (pending.current && mounted.current);
    } catch {
      // Reported by the HTTP client; the values stay as the user left them.
    } finally {
      savingRef.current = false;
      pending.current = false;
      if (mounted.current) setSaving(false);
    }
  }, [message, t]);

  const change = (patch: ConfigRow) => {
    model.current = { ...model.current, ...patch };
    setRow(model.current);
  };

  const changeText = (field: (typeof COMPANY_FIELDS)[number], value: string) => {
    if ('max' in field && value.length > field.max) {
      setOverLimit((shown) => ({ ...shown, [field.name]: value }));
      message.warning(t(field.tooLong));
      return;
    }
    setOverLimit(({ [field.name]: _dropped, ...shown }) => shown);
    change({ [field.name]: value });
    void save();
  };

  const changeFlag = (name: FlagName, checked: boolean) => {
    change(
      name === 'multiLevelApprovalFlag' && !checked
        ? { multiLevelApprovalFlag: '0', multiBillType: '' }
        : { [name]: checked ? '1' : '0' },
    );
    void save();
  };

  const scrollTo = (key: string) => {
    document.getElementById(`sysconfig-${key}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const disabled = !canEdit || row === null;
  const values = row ?? {};
  const labelCol = { xs: { span: 24 }, sm: { span: 3 } };
  const flagSwitch = (name: FlagName, fallback: boolean) => (
    <Switch
      checkedChildren={t('sysconfig.on')}
      unCheckedChildren={t('sysconfig.off')}
      aria-label={t(flagLabel(name))}
      checked={isOn(values[name], fallback)}
      disabled={disabled}
      onChange={(checked) => changeFlag(name, checked)}
    />
  );
  const multiBillType =
    typeof values.multiBillType === 'string' && values.multiBillType ? values.multiBillType.split(',') : [];

  return (
    <Card variant="borderless" className="system-config-page">
      <Tabs
        items={[
          { key: 'basic', label: t('sysconfig.tabBasic') },
          { key: 'config', label: t('sysconfig.tabConfig') },
        ]}
        onChange={scrollTo}
      />
      <Form
        layout="horizontal"
        labelCol={labelCol}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 12 } }}
        autoComplete="off"
      >
        <section id="sysconfig-basic" aria-labelledby="sysconfig-basic-title">
          <h2 id="sysconfig-basic-title">{t('sysconfig.tabBasic')}</h2>
          {COMPANY_FIELDS.map((field) => (
            <Form.Item key={field.name} label={t(field.label)} htmlFor={`sysconfig-${field.name}`}>
              <Input
                id={`sysconfig-${field.name}`}
                placeholder={t('form.inputPlaceholder', { label: t(field.label) })}
                value={
                  overLimit[field.name] ??
                  (typeof values[field.name] === 'string' ? (values[field.name] as string) : '')
                }
                disabled={disabled}
                onChange={(event) => changeText(field, event.target.value)}
              />
            </Form.Item>
          ))}
        </section>
        <section id="sysconfig-config" aria-labelledby="sysconfig-config-title">
          <h2 id="sysconfig-config-title">{t('sysconfig.tabConfig')}</h2>
          {FLAGS.map(({ name, on }) => (
            <Form.Item key={name} label={t(flagLabel(name))} wrapperCol={{ xs: { span: 24 }, sm: { span: 18 } }}>
              {flagSwitch(name, on)} <span>{t(flagHelp(name))}</span>
            </Form.Item>
          ))}
          {approvalShown && (
            <Form.Item
              label={t(flagLabel('multiLevelApprovalFlag'))}
              wrapperCol={{ xs: { span: 24 }, sm: { span: 18 } }}
            >
              {flagSwitch('multiLevelApprovalFlag', false)}
              <Select
                mode="multiple"
                aria-label={t('sysconfig.billTypePlaceholder')}
                placeholder={t('sysconfig.billTypePlaceholder')}
                style={{ width: 400, paddingLeft: 10 }}
                maxTagCount={6}
                popupMatchSelectWidth={false}
                showSearch
                allowClear
                optionFilterProp="label"
                disabled={disabled}
                value={multiBillType}
                options={billTypes.map((key) => ({ value: key, label: t(billTypeLabel(key)) }))}
                onChange={(keys: string[]) => {
                  change({ multiBillType: keys.join(',') });
                  void save();
                }}
              />
              <span>{t(flagHelp('multiLevelApprovalFlag'))}</span>
              <Button type="link" onClick={() => window.location.reload()}>
                {t('sysconfig.reload')}
              </Button>
            </Form.Item>
          )}
        </section>
      </Form>
    </Card>
  );
}
