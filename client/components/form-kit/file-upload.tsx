// 附件 / 图片: files sent one by one to POST /systemConfig/upload for a biz folder (bill, financial, material); the
// field keeps the stored paths the backend answers, each a link to GET /systemConfig/static/<path>. At most `max`
// files; one above the size limit (the backend's /systemConfig/fileSizeLimit, asked at the first upload when the
// form has not read it) is refused before sending. Used by the product form (images) and the bill forms (附件); the
// bills' detail views list the stored files with AttachmentLinks.
import { useLayoutEffect, useRef } from 'react';
import { Button, Upload } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { http } from '../../lib/http';
import { useT } from '../../lib/i18n/use-t';
import { interpretSaveAnswer, okData } from '../../lib/backend/envelope';
import { fileNameOf, fileUrl, storedFiles } from './stored-files';
import { useAppFeedback } from '../../lib/app-feedback';

export interface FileUploadProps {
  biz: 'bill' | 'financial' | 'material';
  /** The stored paths, in order (a Form.Item's value). */
  value?: readonly string[];
  onChange?: (files: string[]) => void;
  max: number;
  /** Bytes; absent: asked from the backend at the first upload. */
  sizeLimit?: number;
  /** Images as cards (the product form), else a text list with an upload button. */
  images?: boolean;
  disabled?: boolean;
}

/** The backend's upload limit when nothing is known: 1 MiB (its default of spring.servlet.multipart.max-file-size). */
const DEFAULT_LIMIT = 1024 * 1024;

export function fileSizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10}M` : `${Math.round(bytes / 1024)}K`;
}

const NONE: readonly string[] = [];
const ignore = (): void => undefined;

export function FileUpload({
  biz,
  value: files = NONE,
  onChange = ignore,
  max,
  sizeLimit,
  images = false,
  disabled = false,
}: FileUploadProps) {
  const t = useT();
  const { message } = useAppFeedback();
  const asked = useRef<number | null>(null);
  // Uploads finish one after another while `files` is a render old: each adds to the latest list.
  const latest = useRef(files);
  useLayoutEffect(() => {
    latest.current = files;
  }, [files]);

  const limit = async (): Promise<number> => {
    if (sizeLimit !== undefined) return sizeLimit;
    if (asked.current === null) {
      const body = await http.get<unknown>('/systemConfig/fileSizeLimit').catch(() => null);
      const n = Number(okData(body));
      asked.current = n > 0 ? n : DEFAULT_LIMIT;
    }
    return asked.current;
  };

  const upload = async (file: File) => {
    if (latest.current.length >= max) return;
    const most = await limit();
    if (file.size > most) {
      message.warning(t('product.fileTooLarge', { size: fileSizeText(most) }));
      return;
    }
    const data = new FormData();
    data.append('file', file);
    data.append('biz', biz);
    try {
      const body = await http.post<unknown>('/systemConfig/upload', data, { params: { biz } });
      const path = okData(body);
      if (typeof path === 'string' && path !== '') {
        const next = [...latest.current, path];
        latest.current = next;
        onChange(next);
      } else {
        message.warning(interpretSaveAnswer(body).message || t('product.uploadFailed'));
      }
    } catch {
      // Reported by the HTTP client.
    }
  };

  const full = files.length >= max;
  return (
    <Upload
      listType={images ? 'picture-card' : 'text'}
      multiple
      accept={images ? 'image/*' : undefined}
      disabled={disabled}
      fileList={files.map((path) => ({
        uid: path,
        name: fileNameOf(path),
        status: 'done' as const,
        url: fileUrl(path),
      }))}
      onRemove={(file) => {
        onChange(latest.current.filter((p) => p !== file.uid));
        return true;
      }}
      customRequest={({ file }) => {
        void upload(file as File);
      }}
    >
      {full || disabled ? null : images ? (
        <div>
          <PlusOutlined />
          <div>{t('product.upload')}</div>
        </div>
      ) : (
        <Button icon={<UploadOutlined />}>{t('product.upload')}</Button>
      )}
    </Upload>
  );
}

/** 附件 in a detail view: the stored `fileName`'s files as links (nothing when there are none). */
export function AttachmentLinks({ fileName }: { fileName: unknown }) {
  const t = useT();
  const files = storedFiles(fileName);
  if (files.length === 0) return null;
  return (
    <div style={{ marginTop: 12, display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <span>{t('form.attachments')}:</span>
      {files.map((path) => (
        <a key={path} href={fileUrl(path)} target="_blank" rel="noopener noreferrer">
          {fileNameOf(path)}
        </a>
      ))}
    </div>
  );
}
