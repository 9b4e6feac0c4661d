// The captcha image (GET /user/randomImage): click to refresh; the parent refreshes it after a failed attempt.
import { useCallback, useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { okObject } from '../../../lib/backend/envelope';
import { useT } from '../../../lib/i18n/use-t';
import { fetchCaptcha } from '../api';

export interface CaptchaHandle {
  refresh: () => void;
}

export function CaptchaImage({ onUuid, ref }: { onUuid: (uuid: string) => void; ref?: Ref<CaptchaHandle> }) {
  const t = useT();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useCallback(() => {
    fetchCaptcha()
      .then((reply) => {
        const captcha = okObject(reply);
        if (captcha) {
          setImage(captcha.base64);
          setFailed(false);
          onUuid(captcha.uuid);
        } else {
          setFailed(true);
        }
      })
      .catch(() => setFailed(true));
  }, [onUuid]);
  useImperativeHandle(ref, () => ({ refresh }), [refresh]);
  useEffect(refresh, [refresh]);
  return (
    <button
      type="button"
      className="login-form__captcha-image"
      onClick={refresh}
      title={t('login.captchaRefresh')}
      aria-label={t('login.captchaRefresh')}
    >
      {image && !failed ? (
        <img src={image} alt={t('login.captcha')} />
      ) : (
        <span>{failed ? t('login.captchaFailed') : ''}</span>
      )}
    </button>
  );
}
