// Exception pages 403 / 404 / 500 with our own illustrations and a working 返回首页.
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n/use-t';
import { HOME_PATH } from '../../../lib/route-guard';
import { ExceptionIllustration } from './exception-illustration';
import './exception-page.css';

export type ExceptionType = '403' | '404' | '500';

export function ExceptionPage({ type }: { type: ExceptionType }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="exception-page">
      <div className="exception-page__image">
        <ExceptionIllustration type={type} />
      </div>
      <div className="exception-page__content">
        <h1>{type}</h1>
        <div className="exception-page__desc">{t(`exception.${type}`)}</div>
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('exception.backHome')}
        </Button>
      </div>
    </div>
  );
}
