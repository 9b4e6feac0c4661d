// Batch delete / batch status / single delete / export / import of a list page (the original JeecgListMixin).
// Deletes and status changes are logged writes of their module like a form's save, so they take the module's write
// slot too: the backend logs out a user whose two writes of one module land in the same second.
import type { Key } from 'react';
import { interpretSaveAnswer } from '../../lib/backend/envelope';
import type { FeedbackApi } from '../../lib/feedback';
import { http } from '../../lib/http';
import { t, type MessageKey } from '../../lib/i18n/i18n';
import { exportFileName } from '../../lib/table/format';
import { interpretImportAnswer, joinIds } from '../../lib/table/batch';

type Feedback = Pick<FeedbackApi, 'message' | 'modal'>;

/** Sends a write and shows its answer: the backend's message on success (or `success` where the action has its own). */
async function settle(ui: Feedback, call: Promise<unknown>, onDone: () => void, success?: string): Promise<void> {
  try {
    const answer = interpretSaveAnswer(await call);
    if (answer.ok) {
      if (success !== undefined) ui.message.info(success);
      else if (answer.message) ui.message.success(answer.message);
      onDone();
    } else {
      ui.message.warning(answer.message);
    }
  } catch {
    // The HTTP client's catalogue has shown the failure.
  }
}

/** No url configured for the action: said (the page's spec lacks it), and nothing is sent. */
function lacksUrl(ui: Feedback, url: string | undefined, missing: MessageKey): url is undefined {
  if (url) return false;
  ui.message.error(t(missing));
  return true;
}

/** A write on the selection: none selected is said; else it asks `question`, then sends with the ids 'a,b,'. */
function confirmOnSelection(
  ui: Feedback,
  keys: readonly Key[],
  question: 'delete' | 'operate',
  send: (ids: string) => Promise<void>,
): void {
  if (keys.length === 0) {
    ui.message.warning(t('table.selectOne'));
    return;
  }
  ui.modal.confirm({
    title: t(question === 'delete' ? 'table.confirmDeleteTitle' : 'table.confirmOperateTitle'),
    content: t(question === 'delete' ? 'table.confirmDelete' : 'table.confirmOperate'),
    onOk: () => send(joinIds(keys.map(String))),
  });
}

/** 删除 (batch): url set, a selection, 确认删除 / 是否删除选中数据?, then DELETE <url>?ids=a,b, */
export function batchDelete(ui: Feedback, url: string | undefined, keys: readonly Key[], onDone: () => void): void {
  if (lacksUrl(ui, url, 'table.missingDeleteBatchUrl')) return;
  confirmOnSelection(ui, keys, 'delete', (ids) => settle(ui, http.delete(url, { ids }), onDone));
}

/** 审核 / 反审核 / 启用 / 禁用: url set, a selection, 确认操作 / 是否操作选中数据?, then POST {status, ids:'a,b,'}. */
export function batchSetStatus(
  ui: Feedback,
  url: string | undefined,
  keys: readonly Key[],
  status: string | number | boolean,
  onDone: () => void,
): void {
  if (lacksUrl(ui, url, 'table.missingBatchSetStatusUrl')) return;
  confirmOnSelection(ui, keys, 'operate', (ids) => settle(ui, http.post(url, { status, ids }), onDone));
}

/** A toolbar action on the selection (修正预付款): a selection, 确认操作 / 是否操作选中数据?, POST {ids:'a,b,'}, then `success`. */
export function batchPost(ui: Feedback, url: string, keys: readonly Key[], success: string, onDone: () => void): void {
  confirmOnSelection(ui, keys, 'operate', (ids) => settle(ui, http.post(url, { ids }), onDone, success));
}

/** Row 删除 (after its 确定删除吗? popconfirm): DELETE <url>?id=. */
export function deleteOne(ui: Feedback, url: string | undefined, id: Key, onDone: () => void): Promise<void> {
  if (lacksUrl(ui, url, 'table.missingDeleteUrl')) return Promise.resolve();
  return settle(ui, http.delete(url, { id: String(id) }), onDone);
}

function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(new Blob([blob], { type: 'application/vnd.ms-excel' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** 导出 (GET as a blob): filters plus `selections` when rows are selected; empty → 文件下载失败. */
export async function exportXls(
  ui: Feedback,
  url: string,
  params: Record<string, string>,
  keys: readonly Key[],
  fileName: string,
): Promise<void> {
  const query = keys.length > 0 ? { ...params, selections: keys.map(String).join(',') } : params;
  try {
    const blob = await http.download(url, query);
    if (!blob || blob.size === 0) {
      ui.message.warning(t('table.downloadFailed'));
      return;
    }
    saveBlob(blob, exportFileName(fileName, new Date()));
  } catch {
    // Reported by the HTTP client.
  }
}

/** 导出 by POST /systemConfig/exportExcelByParam {title, head, tip, list}. */
export async function exportXlsPost(
  ui: Feedback,
  fileName: string,
  title: string,
  head: string,
  tip: string,
  list: unknown[][],
): Promise<void> {
  try {
    const blob = await http.post<Blob>(
      '/systemConfig/exportExcelByParam',
      { title, head, tip, list },
      { responseType: 'blob' },
    );
    if (!blob || blob.size === 0) {
      ui.message.warning(t('table.downloadFailed'));
      return;
    }
    saveBlob(blob, exportFileName(fileName, new Date()));
  } catch {
    // Reported by the HTTP client.
  }
}

/** 导入: multipart upload through the HTTP client (it adds X-Access-Token); messages as the original's. Answers whether
 *  the backend answered (the dialog then closes and the list reloads) or the upload failed (it stays open). */
export async function importExcel(ui: Feedback, url: string, file: File, onDone: () => void): Promise<boolean> {
  const form = new FormData();
  form.append('file', file);
  try {
    const body = await http.post<unknown>(url, form, { silent: true });
    const answer = interpretImportAnswer(body);
    if (answer.kind === 'success')
      ui.message.success(answer.message ?? t('table.uploadSucceeded', { file: file.name }));
    else ui.message.warning(answer.message ?? '', 8);
    onDone();
    return true;
  } catch (error) {
    ui.message.error(t('table.uploadFailed', { reason: error instanceof Error ? error.message : String(error) }));
    return false;
  }
}
