// 导入明细 (the original's ImportItemModal): the bill kind's template, then an .xls whose rows
// /depotItem/importItemExcel turns into bill lines (priced and taxed by the backend); they replace the form's lines.
import { useState } from 'react';
import { Button } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { ImportDialog } from '../../../components/table-page/import-dialog';
import { answerText, okObject } from '../../../lib/backend/envelope';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { useAppFeedback } from '../../../lib/app-feedback';

/** The kinds the original offers 导入明细 on (by bill prefix), each with the template of its columns. */
const TEMPLATES: Record<string, string> = {
  QGD: '/doc/apply_item_template.xls',
  CGDD: '/doc/order_item_template.xls',
  XSDD: '/doc/order_item_template.xls',
  CGRK: '/doc/buy_sale_item_template.xls',
  XSCK: '/doc/buy_sale_item_template.xls',
  QTRK: '/doc/in_out_item_template.xls',
  QTCK: '/doc/in_out_item_template.xls',
};

export const importsLines = (prefixNo: string): boolean => Object.hasOwn(TEMPLATES, prefixNo);

export type ImportedLine = Record<string, unknown>;

/** What importItemExcel answered: the lines, or the backend's reason (code 500, `data.message`). */
export function importAnswer(body: unknown): { rows: ImportedLine[] } | { message: string } {
  const rows = okObject(body)?.rows;
  if (Array.isArray(rows)) return { rows: rows as ImportedLine[] };
  return { message: answerText(body) };
}

export function ImportLinesButton({
  prefixNo,
  onLines,
}: {
  prefixNo: string;
  onLines: (rows: ImportedLine[]) => void;
}) {
  const t = useT();
  const { message } = useAppFeedback();
  const [open, setOpen] = useState(false);
  const upload = async (file: File): Promise<boolean> => {
    const form = new FormData();
    form.append('prefixNo', prefixNo);
    form.append('file', file);
    try {
      const answer = importAnswer(await http.post<unknown>('/depotItem/importItemExcel', form, { silent: true }));
      if ('message' in answer) {
        message.warning(answer.message);
        return false;
      }
      message.success(t('import.linesDone', { count: answer.rows.length }));
      onLines(answer.rows);
      return true;
    } catch (error) {
      message.error(t('import.linesFailed', { reason: error instanceof Error ? error.message : String(error) }));
      return false;
    }
  };
  return (
    <>
      <Button size="small" icon={<ImportOutlined />} tabIndex={-1} onClick={() => setOpen(true)}>
        {t('import.linesButton')}
      </Button>
      {open ? (
        <ImportDialog
          title={t('import.linesTitle')}
          templateUrl={TEMPLATES[prefixNo] ?? ''}
          templateName={t('import.linesTemplate')}
          labels={[t('import.linesTemplateLabel'), t('import.linesFileLabel')]}
          closeText={t('import.linesClose')}
          onClose={() => setOpen(false)}
          onUpload={upload}
        />
      ) : null}
    </>
  );
}
