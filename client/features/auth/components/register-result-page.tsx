// After a successful registration: a result card, then the login page with the new name prefilled.
import { Button, Result } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';

const SECONDS = 5;

export function RegisterResultPage() {
  const t = useT();
  const navigate = useNavigate();
  const loginName = (useLocation().state as { loginName?: string } | null)?.loginName;
  const [left, setLeft] = useState(SECONDS);

  useEffect(() => {
    if (!loginName) return;
    if (left <= 0) {
      navigate('/user/login', { replace: true, state: { loginName } });
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, loginName, navigate]);

  // Reached by URL without a registration: nothing to report, go to login.
  if (!loginName) return <Navigate to="/user/login" replace />;
  return (
    <Result
      status="success"
      title={t('registerResult.title')}
      subTitle={
        <>
          <div>{t('registerResult.description', { name: loginName })}</div>
          <div>{t('registerResult.countdown', { seconds: left })}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={() => navigate('/user/login', { replace: true, state: { loginName } })}>
          {t('registerResult.toLogin')}
        </Button>
      }
      style={{ padding: '8px 0' }}
    />
  );
}
