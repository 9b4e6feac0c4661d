// Tenant registration: POST /user/registerUser, then the register-result page.
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Popover, Progress } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isOk } from '../../../lib/backend/envelope';
import { messageOf } from '../../../lib/error-catalogue';
import { useT } from '../../../lib/i18n/use-t';
import { md5Hex } from '../../../lib/md5';
import { useDevice } from '../../../lib/use-device';
import { fetchPlatformFlag, postRegister } from '../api';
import { PASSWORD_PATTERN, USERNAME_PATTERN, passwordLevel } from '../password-strength';
import { CaptchaImage, type CaptchaHandle } from './captcha';
import { useAppFeedback } from '../../../lib/app-feedback';

interface RegisterForm {
  username: string;
  password: string;
  password2: string;
  inputCode?: string;
}

const LEVEL_COLORS = ['#ff0000', '#ff0000', '#ff7e05', '#52c41a'];

export function RegisterPage() {
  const t = useT();
  const { notification } = useAppFeedback();
  const navigate = useNavigate();
  const device = useDevice();
  const [form] = Form.useForm<RegisterForm>();
  const password = Form.useWatch('password', form) ?? '';
  const [captchaOn, setCaptchaOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [strengthOpen, setStrengthOpen] = useState(false);
  const uuid = useRef('');
  const captcha = useRef<CaptchaHandle>(null);
  const onUuid = useCallback((value: string) => {
    uuid.current = value;
  }, []);

  useEffect(() => {
    fetchPlatformFlag('checkcodeFlag').then(
      (flag) => setCaptchaOn(flag === '1'),
      () => setCaptchaOn(false),
    );
  }, []);

  const level = passwordLevel(password);
  const levelText = [
    t('register.strengthLow'),
    t('register.strengthLow'),
    t('register.strengthMedium'),
    t('register.strengthHigh'),
  ][level];

  const submit = async (values: RegisterForm) => {
    setBusy(true);
    try {
      const reply = await postRegister({
        loginName: values.username,
        password: md5Hex(values.password),
        code: captchaOn ? values.inputCode : undefined,
        uuid: captchaOn ? uuid.current : undefined,
      });
      if (isOk(reply)) {
        notification.success({ message: t('register.hint'), description: t('register.success'), duration: 5 });
        navigate('/user/register-result', { state: { loginName: values.username } });
        return;
      }
      notification.error({
        message: t('register.hint'),
        description: messageOf(reply) ?? t('register.failed'),
        duration: 2,
      });
      form.setFieldValue('inputCode', '');
      captcha.current?.refresh();
    } catch (error) {
      const body = (error as { body?: unknown }).body;
      notification.error({
        message: t('register.error'),
        description: messageOf(body) ?? t('login.requestError'),
        duration: 4,
      });
      captcha.current?.refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} size="large" onFinish={submit} className="register-form">
      <Form.Item
        name="username"
        rules={[
          { required: true, message: t('register.usernameRequired') },
          { pattern: USERNAME_PATTERN, message: t('register.usernameRule') },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder={t('register.username')} autoComplete="username" />
      </Form.Item>
      <Popover
        open={device !== 'mobile' && strengthOpen}
        placement="rightTop"
        styles={{ container: { width: 240 } }}
        content={
          <div>
            <div style={{ color: LEVEL_COLORS[level] }}>
              {t('register.strength')}
              {levelText}
            </div>
            <Progress
              percent={level === 0 ? 10 : Math.min(level * 30, 100) + (level === 3 ? 10 : 0)}
              showInfo={false}
              strokeColor={LEVEL_COLORS[level]}
            />
            <div style={{ marginTop: 10 }}>{t('register.strengthHint')}</div>
          </div>
        }
      >
        <Form.Item
          name="password"
          rules={[
            { required: true, message: t('register.passwordEmpty') },
            { pattern: PASSWORD_PATTERN, message: t('register.passwordRule') },
            {
              validator: async (_, value: string) => {
                if (value && passwordLevel(value) < 2) throw new Error(t('register.passwordWeak'));
              },
            },
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('register.password')}
            autoComplete="new-password"
            onFocus={() => setStrengthOpen(true)}
            onBlur={() => setStrengthOpen(false)}
          />
        </Form.Item>
      </Popover>
      <Form.Item
        name="password2"
        dependencies={['password']}
        rules={[
          { required: true, message: t('register.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              // Empty is the required rule's message; only a mismatch is reported here.
              if (value && value.trim() !== String(getFieldValue('password') ?? '').trim())
                throw new Error(t('register.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder={t('register.confirm')} autoComplete="new-password" />
      </Form.Item>
      {captchaOn ? (
        <Form.Item required>
          <div className="login-form__captcha">
            <Form.Item
              name="inputCode"
              noStyle
              rules={[{ required: true, whitespace: true, message: t('register.captchaRequired') }]}
            >
              <Input
                prefix={<SafetyCertificateOutlined />}
                placeholder={t('login.captcha')}
                autoComplete="off"
                maxLength={8}
              />
            </Form.Item>
            <CaptchaImage ref={captcha} onUuid={onUuid} />
          </div>
        </Form.Item>
      ) : null}
      <Form.Item>
        <div className="login-form__row">
          <Button type="primary" htmlType="submit" loading={busy} style={{ width: '50%' }}>
            {t('register.submit')}
          </Button>
          <Link to="/user/login">{t('register.toLogin')}</Link>
        </div>
      </Form.Item>
    </Form>
  );
}
