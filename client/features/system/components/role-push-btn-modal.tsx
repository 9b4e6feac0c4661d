// 分配按钮 (角色管理): per function of the role's menu grant, the button codes the function offers (its pushBtn) as
// checkboxes, checked as the role holds them; 保存 stores them as the btnStr JSON of the role's RoleFunctions row
// ([{"funId":13,"btnStr":"1,3"}], '' when nothing is checked). A role without 分配菜单 has no row: the table is
// empty and the backend refuses the save. A failed save keeps the dialog and its checks.
import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Checkbox, Space, Table } from 'antd';
import type { ActionDialogProps } from '../../../components/form-kit/form-spec';
import { answerCode, answerText, interpretSaveAnswer, okObject } from '../../../lib/backend/envelope';
import { http } from '../../../lib/http';
import type { MessageKey } from '../../../lib/i18n/i18n';
import { GrantDialog } from './grant-dialog';
import { useT } from '../../../lib/i18n/use-t';
import { splitCommaList } from '../../../lib/permissions';
import { useDialogSave } from './use-dialog-save';
import { useAppFeedback } from '../../../lib/app-feedback';

/** The codes in the original's column order, each with its checkbox label. */
const BUTTONS: readonly (readonly [code: string, label: MessageKey])[] = [
  ['1', 'sysAction.btnEdit'],
  ['2', 'sysAction.btnAudit'],
  ['7', 'sysAction.btnUnaudit'],
  ['3', 'sysAction.btnExport'],
  ['4', 'sysAction.btnEnable'],
  ['5', 'sysAction.btnPrint'],
  ['6', 'sysAction.btnVoid'],
];
/** The bulk toggles: every code, then 编辑, 审核, 反审核, 导出 across all functions. */
const BULK: readonly (readonly [code: string | null, on: MessageKey, off: MessageKey])[] = [
  [null, 'sysAction.allOn', 'sysAction.allOff'],
  ['1', 'sysAction.editOn', 'sysAction.editOff'],
  ['2', 'sysAction.auditOn', 'sysAction.auditOff'],
  ['7', 'sysAction.unauditOn', 'sysAction.unauditOff'],
  ['3', 'sysAction.exportOn', 'sysAction.exportOff'],
];

interface FunctionRow {
  id: number;
  name: string;
  offered: string[];
  held: string[];
}

const SAVE_BUTTONS_URL = '/userBusiness/updateBtnStr';

/** The body of 保存: only functions holding a code, in the table's order. */
function buttonGrant(rows: readonly FunctionRow[]): string {
  const held = rows.filter((r) => r.held.length > 0).map((r) => ({ funId: r.id, btnStr: r.held.join(',') }));
  return held.length > 0 ? JSON.stringify(held) : '';
}

export function RolePushBtnModal({ row, onClose, onDone }: ActionDialogProps) {
  const t = useT();
  const { message } = useAppFeedback();
  const roleId = Number(row.id);
  const [rows, setRows] = useState<FunctionRow[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [bulkOn, setBulkOn] = useState<Record<string, boolean>>({});
  const { saving, save: runSave, mounted } = useDialogSave(onDone, onClose);

  const load = useEffectEvent(() => {
    http
      .get<unknown>('/function/findRoleFunctionsById', { roleId })
      .then((body) => {
        if (!mounted.current) return;
        const found = okObject(body)?.rows;
        if (Array.isArray(found)) {
          setRows(
            (found as Record<string, unknown>[]).map((r) => ({
              id: Number(r.id),
              name: String(r.name ?? ''),
              offered: splitCommaList(String(r.pushBtn ?? '')),
              held: splitCommaList(typeof r.btnStr === 'string' ? r.btnStr : ''),
            })),
          );
        } else if (answerCode(body) === 400) {
          setRows([]); // The role has no menu grant yet.
        } else {
          message.warning(answerText(body) || t('sysAction.loadFailed'));
        }
      })
      .catch(() => undefined /* Reported by the HTTP client. */)
      .finally(() => {
        if (mounted.current) setLoading(false);
      });
  });
  useEffect(() => {
    load();
  }, []);

  const toggle = (id: number, code: string) =>
    setRows(
      (list) =>
        list?.map((r) =>
          r.id !== id
            ? r
            : {
                ...r,
                held: r.held.includes(code) ? r.held.filter((c) => c !== code) : [...r.held, code],
              },
        ) ?? null,
    );

  const bulk = (code: string | null) => {
    const key = code ?? 'all';
    const on = !bulkOn[key];
    setBulkOn((state) => ({ ...state, [key]: on }));
    setRows(
      (list) =>
        list?.map((r) => {
          if (code === null) return { ...r, held: on ? [...r.offered] : [] };
          if (!r.offered.includes(code)) return r;
          const without = r.held.filter((c) => c !== code);
          return { ...r, held: on ? [...without, code] : without };
        }) ?? null,
    );
  };

  const submit = async () => {
    if (!rows) return;
    const body = { roleId, btnStr: buttonGrant(rows) };
    await runSave(async () => interpretSaveAnswer(await http.post<unknown>(SAVE_BUTTONS_URL, body)));
  };

  return (
    <GrantDialog
      title={t('sysAction.assignButtonTitle', { name: String(row.name ?? '') })}
      saving={saving}
      ready={!!rows}
      onClose={onClose}
      onSave={submit}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        {BULK.map(([code, on, off]) => (
          <Button key={code ?? 'all'} disabled={!rows} onClick={() => bulk(code)}>
            {t(bulkOn[code ?? 'all'] ? off : on)}
          </Button>
        ))}
      </Space>
      <Table<FunctionRow>
        size="middle"
        bordered
        rowKey="id"
        pagination={false}
        loading={loading || saving}
        dataSource={rows ?? []}
        columns={[
          { title: '#', key: 'rowIndex', width: 40, align: 'center', render: (_v, _r, index) => index + 1 },
          { title: t('col.name'), dataIndex: 'name', align: 'center' },
          {
            title: t('sysAction.buttonList'),
            key: 'buttons',
            align: 'center',
            render: (_v, r) =>
              BUTTONS.filter(([code]) => r.offered.includes(code)).map(([code, label]) => (
                <Checkbox key={code} checked={r.held.includes(code)} onChange={() => toggle(r.id, code)}>
                  {t(label)}
                </Checkbox>
              )),
          },
        ]}
      />
    </GrantDialog>
  );
}
