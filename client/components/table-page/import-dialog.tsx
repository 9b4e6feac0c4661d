// The Excel import dialog of the original client (ImportFileModal, and the bill form's ImportItemModal): the backend's
// template to download, then the upload of a filled-in .xls. The caller sends the file and says whether the dialog
// closes (an answer came) or stays (the upload failed).
import { useState } from 'react';
import { Button, Modal, Upload } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useT } from '../../lib/i18n/use-t';
import './import-dialog.css';

export interface ImportDialogProps {
  title: string;
  /** The template the shell serves (the original's /doc/*_template.xls). */
  templateUrl: string;
  templateName: string;
  /** The two rows' labels: 第一步/第二步 on the lists, 模板/文件 in the bill form. */
  labels: readonly [string, string];
  /** Shown under the template link. */
  hint?: string;
  /** The footer's one button: 取消 or 关闭. */
  closeText: string;
  /** Sends the file; true closes the dialog. */
  onUpload: (file: File) => Promise<boolean>;
  onClose: () => void;
}

export function ImportDialog({
  title,
  templateUrl,
  templateName,
  labels,
  hint,
  closeText,
  onUpload,
  onClose,
}: ImportDialogProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      if (await onUpload(file)) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      width={500}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={<Button onClick={onClose}>{closeText}</Button>}
    >
      <dl className="import-dialog">
        <dt>{labels[0]}</dt>
        <dd>
          <a href={templateUrl} target="_blank" rel="noopener noreferrer" download>
            <b>{templateName}</b>
          </a>
          {hint ? <p>{hint}</p> : null}
        </dd>
        <dt>{labels[1]}</dt>
        <dd>
          {/* jshERP-boot reads only .xls (jxl): the chooser offers those. */}
          <Upload
            accept=".xls"
            showUploadList={false}
            multiple={false}
            disabled={busy}
            customRequest={({ file }) => {
              void upload(file as File);
            }}
          >
            <Button type="primary" icon={<ImportOutlined />} loading={busy}>
              {t('import.upload')}
            </Button>
          </Upload>
        </dd>
      </dl>
    </Modal>
  );
}
