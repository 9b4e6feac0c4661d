// The login page: name, password (sent as md5), captcha when the platform asks for it.
// Success: session stored for 7 days, menu and buttons loaded, then the redirect target or home.
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { Link, useLocation } from 'react-router';
import { SvgIcon } from '../../../components/svg-icon';
import { messageOf } from '../../../lib/error-catalogue';
import { withFeedback } from '../../../lib/feedback';
import { greetingKey } from '../../../lib/greeting';
import { HttpError } from '../../../lib/http';
import { useT } from '../../../lib/i18n/use-t';
import { md5Hex } from '../../../lib/md5';
import { preloadListPages, preloadShell } from '../../../lib/preload-shell';
import { HOME_PATH, safeRedirect } from '../../../lib/route-guard';
import { fetchPlatformSetting, fetchTenantInfo } from '../../../lib/backend/calls';
import { okArray, okObject } from '../../../lib/backend/envelope';
import type { LoginData, SessionUser } from '../../../lib/backend/types';
import { MenuLoadError, useSession, type LoginResult } from '../../../lib/session-provider';
import { storage, StorageKeys, SESSION_TTL_MS } from '../../../lib/storage';
import { usePendingHint } from '../../../lib/use-pending-hint';
import { fetchMaterialProperties, fetchPlatformFlag } from '../api';
import { loginOutcome } from '../login-outcome';
import { CaptchaImage, type CaptchaHandle } from './captcha';

interface LoginForm {
  loginName: string;
  password: string;
  inputCode: string;
  remember: boolean;
}

type FieldErrors = Partial<Record<'loginName' | 'password' | 'inputCode', string>>;

/** The required-field rules: pure, so the page needs no form library. */
function validate(values: LoginForm, captchaOn: boolean, t: ReturnType<typeof useT>): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.loginName.trim()) errors.loginName = t('login.usernameRequired');
  if (!values.password) errors.password = t('login.passwordRequired');
  if (captchaOn && !values.inputCode.trim()) errors.inputCode = t('login.captchaRequired');
  return errors;
}

const DAY_MS = 86_400_000;

/** A large input with an icon in front, drawn like antd's (user-layout.css) without antd on this route. */
function IconInput({
  icon,
  invalid,
  suffix,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { icon: IconDefinition; invalid: boolean; suffix?: ReactNode }) {
  return (
    <span className={`login-input${invalid ? ' login-input--error' : ''}`}>
      <SvgIcon icon={icon} className="login-input__prefix" />
      <input {...input} aria-invalid={invalid} />
      {suffix}
    </span>
  );
}

export function LoginPage() {
  const t = useT();
  const location = useLocation();
  const session = useSession();
  // The shell's code loads while the password is typed and the login call runs; a deep link (a redirect target
  // other than home) also loads the list pages' shared code, since that is almost always where it leads.
  const preload = () => {
    void preloadShell();
    const target = safeRedirect(new URLSearchParams(location.search).get('redirect'));
    if (target && target.split(/[?#]/)[0] !== HOME_PATH) preloadListPages();
  };
  // A plain controlled form without antd: the login route's first script stays small (antd loads once the form is
  // on screen, for the notifications and the pages after login).
  // The login name comes from the register page (just registered) or from remember-me.
  const [values, setValues] = useState<LoginForm>(() => {
    const fromRegister = (location.state as { loginName?: string } | null)?.loginName;
    const cachedName = storage.get<string>(StorageKeys.cachedLoginName);
    if (fromRegister) return { loginName: fromRegister, password: '', inputCode: '', remember: false };
    return { loginName: cachedName ?? '', password: '', inputCode: '', remember: Boolean(cachedName) };
  });
  const [submitted, setSubmitted] = useState(false);
  const set = <K extends keyof LoginForm>(name: K, value: LoginForm[K]) =>
    setValues((previous) => ({ ...previous, [name]: value }));
  const [captchaOn, setCaptchaOn] = useState(false);
  const [registerOn, setRegisterOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);
  const waiting = usePendingHint(busy);
  // After a first submit, messages follow the input (and the language) as the user corrects it.
  const errors: FieldErrors = submitted ? validate(values, captchaOn, t) : {};
  const uuid = useRef('');
  const captcha = useRef<CaptchaHandle>(null);
  const onUuid = useCallback((value: string) => {
    uuid.current = value;
  }, []);

  useEffect(() => {
    // Remember-me keeps only the login name. The original also stored the plain password in localStorage
    // with no expiry, readable by any script or anyone at the machine; browsers' password managers do that job safely.
    storage.remove(StorageKeys.cachedPassword);
    fetchPlatformFlag('checkcodeFlag').then(
      (flag) => setCaptchaOn(flag === '1'),
      () => setCaptchaOn(false),
    );
    fetchPlatformFlag('registerFlag').then(
      (flag) => setRegisterOn(flag === '1'),
      () => setRegisterOn(false),
    );
  }, []);

  const fail = (description: string) => {
    withFeedback(({ notification }) => notification.error({ message: t('login.failed'), description, duration: 4 }));
    setValues((v) => ({ ...v, inputCode: '' }));
    captcha.current?.refresh();
    setBusy(false);
  };

  const afterLogin = (data: LoginData, user: SessionUser) => {
    const greeting = t('login.welcomeBack', { greeting: t(greetingKey(new Date().getHours())) });
    withFeedback(({ notification }) => notification.success({ message: t('login.welcome'), description: greeting }));
    if (data.pwdSimple) {
      setTimeout(
        () =>
          withFeedback(({ notification }) =>
            notification.warning({ message: t('login.reminder'), description: t('login.weakPassword') }),
          ),
        3000,
      );
    }
    if (user.loginName === 'admin') {
      withFeedback(({ message }) => message.info(t('login.adminNotice'), 30));
    }
  };

  /** The login's own calls, sent as soon as the backend accepts it (beside the menu call). */
  const loginCalls = (data: LoginData) => {
    if (data.user?.loginName === 'admin') return;
    // Data the table pages read from storage; failures here are not the user's concern.
    fetchPlatformSetting('bill_excel_url')
      .then((reply) => storage.set(StorageKeys.isShowExcel, Boolean(okObject(reply)?.platformValue)))
      .catch(() => undefined);
    fetchMaterialProperties()
      .then((reply) => {
        const properties = okArray(reply);
        if (properties) storage.set(StorageKeys.materialPropertyList, properties, SESSION_TTL_MS);
      })
      .catch(() => undefined);
    fetchTenantInfo()
      .then((reply) => {
        const tenant = okObject(reply);
        if (!tenant?.expireTime) return;
        const left = new Date(tenant.expireTime).getTime() - Date.now();
        const limit = tenant.type === '0' ? 5 * DAY_MS : tenant.type === '1' ? 15 * DAY_MS : 0;
        if (left < limit) withFeedback(({ message }) => message.warning(t('login.serviceExpiring'), 8));
      })
      .catch(() => undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (Object.keys(validate(values, captchaOn, t)).length > 0) return;
    setBusy(true);
    preload();
    const loginName = values.loginName.trim();
    if (values.remember) storage.set(StorageKeys.cachedLoginName, loginName);
    else storage.remove(StorageKeys.cachedLoginName);
    let result: LoginResult;
    try {
      result = await session.login(
        {
          loginName,
          password: md5Hex(values.password),
          code: captchaOn ? values.inputCode : undefined,
          uuid: captchaOn ? uuid.current : undefined,
        },
        loginCalls,
      );
    } catch (error) {
      if (error instanceof MenuLoadError) fail(error.empty ? t('login.menuEmpty') : t('login.requestError'));
      else if (error instanceof HttpError) {
        fail(
          messageOf(error.body) ??
            (error.kind === 'timeout'
              ? t('http.timeout')
              : error.kind === 'network'
                ? t('http.network')
                : t('http.failedStatus', { status: error.status ?? 0 })),
        );
      } else fail(t('login.requestError'));
      return;
    }
    if (result.type === 'rejected') {
      const outcome = loginOutcome(result.reply, loginName);
      fail(
        outcome.type === 'failure'
          ? 'text' in outcome.message
            ? outcome.message.text
            : t(outcome.message.key, outcome.message.params)
          : t('login.requestError'),
      );
      return;
    }
    // The route guard now moves this page to the redirect target (or home).
    afterLogin(result.data, result.data.user!);
  };

  const field = (name: keyof FieldErrors, input: ReactNode) => (
    <div className={`login-form__item${errors[name] ? ' login-form__item--error' : ''}`}>
      {input}
      {errors[name] ? (
        <div className="login-form__explain" role="alert">
          {errors[name]}
        </div>
      ) : null}
    </div>
  );

  return (
    <form className="login-form" onSubmit={submit} noValidate autoComplete="on">
      {field(
        'loginName',
        <IconInput
          icon={UserOutlined}
          invalid={Boolean(errors.loginName)}
          placeholder={t('login.username')}
          autoComplete="username"
          name="loginName"
          value={values.loginName}
          onChange={(e) => set('loginName', e.target.value)}
        />,
      )}
      {field(
        'password',
        <IconInput
          icon={LockOutlined}
          invalid={Boolean(errors.password)}
          type={passwordShown ? 'text' : 'password'}
          placeholder={t('login.password')}
          autoComplete="current-password"
          name="password"
          onFocus={preload}
          value={values.password}
          onChange={(e) => set('password', e.target.value)}
          suffix={
            <button
              type="button"
              className="login-input__suffix"
              aria-label={t(passwordShown ? 'login.hidePassword' : 'login.showPassword')}
              aria-pressed={passwordShown}
              onClick={() => setPasswordShown((shown) => !shown)}
            >
              <SvgIcon icon={passwordShown ? EyeOutlined : EyeInvisibleOutlined} />
            </button>
          }
        />,
      )}
      {captchaOn
        ? field(
            'inputCode',
            <div className="login-form__captcha">
              <IconInput
                icon={SafetyCertificateOutlined}
                invalid={Boolean(errors.inputCode)}
                placeholder={t('login.captcha')}
                autoComplete="off"
                maxLength={8}
                name="inputCode"
                value={values.inputCode}
                onChange={(e) => set('inputCode', e.target.value)}
              />
              <CaptchaImage ref={captcha} onUuid={onUuid} />
            </div>,
          )
        : null}
      <div className="login-form__row login-form__item">
        <label className="login-check">
          <input type="checkbox" checked={values.remember} onChange={(e) => set('remember', e.target.checked)} />
          <span>{t('login.remember')}</span>
        </label>
        {registerOn ? <Link to="/user/register">{t('login.register')}</Link> : null}
      </div>
      <div style={{ marginTop: captchaOn ? 16 : 26 }}>
        <button type="submit" className="login-submit" disabled={busy} aria-busy={busy}>
          {busy ? <span className="login-submit__spinner" aria-hidden="true" /> : null}
          <span>{t('login.submit')}</span>
        </button>
        {waiting ? (
          <div className="login-form__waiting" role="status">
            {t('login.waitingForServer')}
          </div>
        ) : null}
      </div>
    </form>
  );
}
