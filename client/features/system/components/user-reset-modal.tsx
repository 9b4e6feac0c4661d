// 重置密码 (用户管理): one new password, held to the user form's rule, sent as md5 to /user/resetPwd. The backend
// answers 操作成功 / 操作失败 (admin cannot be reset); success shows 重置密码成功！ and closes, a refusal keeps the
// dialog with the backend's reason.
import { Form, Input, Modal } from 'antd';
import type { ActionDialogProps } from '../../../components/form-kit/form-spec';
import { interpretSaveAnswer } from '../../../lib/backend/envelope';
import { http } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { md5Hex } from '../../../lib/md5';
import { PASSWORD_PATTERN } from '../password-rule';
import { useDialogSave } from './use-dialog-save';
import { useAppFeedback } from '../../../lib/app-feedback';

export function UserResetModal({ row, onClose, onDone }: ActionDialogProps) {
  const t = useT();
  const { message } = useAppFeedback();
  const [form] = Form.useForm<{ password: string }>();
  const { saving, save } = useDialogSave(onDone, onClose);

  const submit = async () => {
    if (saving) return;
    let password: string;
    try {
      ({ password } = await form.validateFields());
    } catch {
      return; // The rule messages show under the field.
    }
    const body = { id: row.id, password: md5Hex(password.trim()) };
    await save(
      async () => interpretSaveAnswer(await http.post<unknown>('/user/resetPwd', body)),
      () => message.success(t('sysAction.resetDone')),
    );
  };

  return (
    <Modal
      open
      title={t('sysAction.resetTitle', { loginName: String(row.loginName ?? '') })}
      width={600}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      mask={{ closable: false }}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
    >
      <Form
        form={form}
        name="user-reset"
        autoComplete="off"
        labelCol={{ xs: { span: 24 }, sm: { span: 5 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="password"
          label={t('sysAction.newPassword')}
          rules={[
            { required: true, whitespace: true, message: t('sysAction.newPasswordRequired') },
            { pattern: PASSWORD_PATTERN, message: t('form.user.passwordPattern') },
          ]}
        >
          <Input.Password placeholder={t('sysAction.newPasswordPlaceholder')} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
