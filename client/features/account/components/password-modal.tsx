// 修改密码: old / new / confirm with the original's messages; all three are sent as md5
// (the original leaked the confirmation in plain text). Opened through usePasswordModal().open(), which warns
// when nobody is logged in.
import { Form, Input, Modal } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { answerText, isOk, okObject } from '../../../lib/backend/envelope';
import { md5Hex } from '../../../lib/md5';
import { useT } from '../../../lib/i18n/use-t';
import { storedUserId } from '../../../lib/session';
import { storage } from '../../../lib/storage';
import { useDevice } from '../../../lib/use-device';
import { updatePassword } from '../api';
import { checkConfirmPassword, checkNewPassword, checkOldPassword } from '../password-rules';
import { useAppFeedback } from '../../../lib/app-feedback';

interface PasswordForm {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

function PasswordModal({ userId, onClose }: { userId: number | string; onClose: () => void }) {
  const t = useT();
  const { message } = useAppFeedback();
  const device = useDevice();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let values: PasswordForm;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    setSaving(true);
    try {
      const reply = await updatePassword({
        userId,
        oldpassword: md5Hex(values.oldpassword),
        password: md5Hex(values.password),
        confirmPassword: md5Hex(values.confirmpassword),
      });
      // Accepted with status 2 (a wrong old password) or 3 (a failure): the message says which.
      const status = okObject(reply)?.status;
      if (isOk(reply) && status !== 2 && status !== 3) {
        message.success(answerText(reply));
        onClose();
      } else {
        message.warning(answerText(reply));
      }
    } catch {
      // lib/http has told the user
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('account.passwordTitle')}
      width={800}
      style={{ top: '20%' }}
      mask={device !== 'mobile'}
      maskClosable={false}
      okText={t('common.ok')}
      cancelText={t('account.close')}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}
      >
        <Form.Item
          label={t('account.oldPassword')}
          name="oldpassword"
          rules={[{ validator: (_rule, value?: string) => rejectWith(t, checkOldPassword(value)) }]}
        >
          <Input.Password placeholder={t('account.oldPasswordPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('account.newPassword')}
          name="password"
          dependencies={['oldpassword']}
          validateTrigger={['onChange', 'onBlur']}
          validateFirst
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value?: string) =>
                rejectWith(t, checkNewPassword(value, getFieldValue('oldpassword'))),
            }),
          ]}
        >
          <Input.Password placeholder={t('account.newPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('account.confirmPassword')}
          name="confirmpassword"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value?: string) =>
                rejectWith(t, checkConfirmPassword(value, getFieldValue('password'))),
            }),
          ]}
        >
          <Input.Password placeholder={t('account.confirmPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function rejectWith(t: ReturnType<typeof useT>, key: Parameters<ReturnType<typeof useT>>[0] | null): Promise<void> {
  return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
}

/** `open()` shows the modal for the logged-in user (or warns 当前系统无登陆用户!); render `modal` somewhere. */
export function usePasswordModal(): { open: () => void; modal: ReactNode } {
  const t = useT();
  const { message } = useAppFeedback();
  const [userId, setUserId] = useState<number | string | null>(null);
  const open = useCallback(() => {
    const id = storedUserId(storage);
    if (id === undefined || id === null || id === '') {
      message.warning(t('account.noUser'));
      return;
    }
    setUserId(id);
  }, [message, t]);
  const modal =
    userId === null ? null : <PasswordModal key={String(userId)} userId={userId} onClose={() => setUserId(null)} />;
  return { open, modal };
}
