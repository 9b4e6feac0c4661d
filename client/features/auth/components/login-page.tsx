// The login page (inventory §2.1, spec §5): name, password (sent as md5), captcha when the platform asks for it.
// Success: session stored for 7 days, menu and buttons loaded, then the redirect target or home.
import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../../lib/error-catalogue';
import { greetingKey } from '../../../lib/greeting';
import { HttpError } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { md5Hex } from '../../../lib/md5';
import { HOME_PATH, safeRedirect } from '../../../lib/route-guard';
import { saveSession, type SessionUser } from '../../../lib/session';
import { storage, StorageKeys, SESSION_TTL_MS } from '../../../lib/storage';
import { fetchMaterialProperties, fetchPlatformFlag, fetchPlatformValue, fetchTenantInfo, postLogin, type LoginData } from '../api';
import { loginOutcome } from '../login-outcome';
import { MenuLoadError, useSession } from '../session';
import { CaptchaImage, type CaptchaHandle } from './captcha';

interface LoginForm {
  loginName: string;
  password: string;
  inputCode?: string;
  remember: boolean;
}

const DAY_MS = 86_400_000;

export function LoginPage() {
  const t = useT();
  const { notification, message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  const [form] = Form.useForm<LoginForm>();
  const [captchaOn, setCaptchaOn] = useState(false);
  const [registerOn, setRegisterOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const uuid = useRef('');
  const captcha = useRef<CaptchaHandle>(null);
  const onUuid = useCallback((value: string) => {
    uuid.current = value;
  }, []);

  useEffect(() => {
    // A stale token must not ride on the login call (the backend would end that session first).
    storage.remove(StorageKeys.accessToken);
    // Remember-me keeps only the login name. The original also stored the plain password in localStorage
    // with no expiry, readable by any script or anyone at the machine; browsers' password managers do that job safely.
    storage.remove(StorageKeys.cachedPassword);
    const fromRegister = (location.state as { loginName?: string } | null)?.loginName;
    const cachedName = storage.get<string>(StorageKeys.cachedLoginName);
    if (fromRegister) form.setFieldsValue({ loginName: fromRegister, password: '', remember: false });
    else if (cachedName) form.setFieldsValue({ loginName: cachedName, remember: true });
    fetchPlatformFlag('checkcodeFlag').then((flag) => setCaptchaOn(flag === '1'), () => setCaptchaOn(false));
    fetchPlatformFlag('registerFlag').then((flag) => setRegisterOn(flag === '1'), () => setRegisterOn(false));
  }, [form, location.state]);

  const fail = (description: string) => {
    notification.error({ message: t('login.failed'), description, duration: 4 });
    form.setFieldValue('inputCode', '');
    captcha.current?.refresh();
    setBusy(false);
  };

  const afterLogin = (data: LoginData, user: SessionUser) => {
    notification.success({ message: t('login.welcome'), description: t('login.welcomeBack', { greeting: t(greetingKey(new Date().getHours())) }) });
    if (data.pwdSimple) {
      setTimeout(() => notification.warning({ message: t('login.reminder'), description: t('login.weakPassword') }), 3000);
    }
    if (user.loginName === 'admin') {
      message.info(t('login.adminNotice'), 30);
      return;
    }
    // Data the table pages read from storage (inventory §2.1); failures here are not the user's concern.
    fetchPlatformValue('bill_excel_url')
      .then((reply) => storage.set(StorageKeys.isShowExcel, Boolean(reply?.code === 200 && reply.data?.platformValue)))
      .catch(() => undefined);
    fetchMaterialProperties()
      .then((reply) => {
        if (reply?.code === 200 && Array.isArray(reply.data)) storage.set(StorageKeys.materialPropertyList, reply.data, SESSION_TTL_MS);
      })
      .catch(() => undefined);
    fetchTenantInfo()
      .then((reply) => {
        if (reply?.code !== 200 || typeof reply.data !== 'object' || !reply.data?.expireTime) return;
        const left = new Date(reply.data.expireTime).getTime() - Date.now();
        const limit = reply.data.type === '0' ? 5 * DAY_MS : reply.data.type === '1' ? 15 * DAY_MS : 0;
        if (left < limit) message.warning(t('login.serviceExpiring'), 8);
      })
      .catch(() => undefined);
  };

  const submit = async (values: LoginForm) => {
    setBusy(true);
    const loginName = values.loginName.trim();
    if (values.remember) storage.set(StorageKeys.cachedLoginName, loginName);
    else storage.remove(StorageKeys.cachedLoginName);
    let reply: unknown;
    try {
      reply = await postLogin({
        loginName,
        password: md5Hex(values.password),
        code: captchaOn ? values.inputCode : undefined,
        uuid: captchaOn ? uuid.current : undefined,
      });
    } catch (error) {
      const text =
        error instanceof HttpError
          ? (messageOf(error.body) ?? (error.kind === 'timeout' ? t('http.timeout') : error.kind === 'network' ? t('http.network') : t('http.failedStatus', { status: error.status ?? 0 })))
          : t('login.requestError');
      fail(text);
      return;
    }
    const outcome = loginOutcome(reply, loginName);
    if (outcome.type === 'failure') {
      void session.logout();
      fail('text' in outcome.message ? outcome.message.text : t(outcome.message.key, outcome.message.params));
      return;
    }
    const data = (reply as { data: LoginData }).data;
    if (!data.token || !data.user) {
      fail(t('login.requestError'));
      return;
    }
    saveSession(storage, data.token, data.user);
    try {
      await session.establish();
    } catch (error) {
      fail(error instanceof MenuLoadError && error.empty ? t('login.menuEmpty') : t('login.requestError'));
      return;
    }
    navigate(safeRedirect(params.get('redirect')) ?? HOME_PATH, { replace: true });
    afterLogin(data, data.user);
  };

  return (
    <Form form={form} className="login-form" size="large" onFinish={submit} initialValues={{ remember: false }} autoComplete="on">
      <Form.Item name="loginName" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" />
      </Form.Item>
      {captchaOn ? (
        <Form.Item required>
          <div className="login-form__captcha">
            <Form.Item name="inputCode" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
              <Input prefix={<SafetyCertificateOutlined />} placeholder={t('login.captcha')} autoComplete="off" maxLength={8} />
            </Form.Item>
            <CaptchaImage ref={captcha} onUuid={onUuid} />
          </div>
        </Form.Item>
      ) : null}
      <Form.Item>
        <div className="login-form__row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{t('login.remember')}</Checkbox>
          </Form.Item>
          {registerOn ? <Link to="/user/register">{t('login.register')}</Link> : null}
        </div>
      </Form.Item>
      <Form.Item style={{ marginTop: captchaOn ? 16 : 26 }}>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={busy}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
