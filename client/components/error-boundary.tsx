// Error boundaries: a view that throws while rendering shows a fallback in its own place (its tab) and is reported
// once; the rest of the shell (header, menu, other tabs) keeps working. The root one catches what escapes the
// layout itself.
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../lib/client-errors';
import { useT } from '../lib/i18n/use-t';

export interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: (retry: () => void) => ReactNode;
  /** Told once per caught error (the report). */
  onError?: (error: unknown, componentStack: string | null | undefined) => void;
}

interface ErrorBoundaryState {
  failed: boolean;
  /** Bumped by retry(): the children mount afresh. */
  attempt: number;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    (this.props.onError ?? reportClientError)(error, info.componentStack);
  }

  retry = () => this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }));

  override render() {
    if (this.state.failed) return this.props.fallback(this.retry);
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}

/** The fallback inside a tab: what happened, reload the page in place, or close the tab. No antd: it must show
 *  even when what failed was antd's own rendering. */
export function PageCrash({ onReload, onClose }: { onReload: () => void; onClose?: () => void }) {
  const t = useT();
  return (
    <div className="page-crash" role="alert">
      <h2 className="page-crash__title">{t('app.crashTitle')}</h2>
      <p className="page-crash__content">{t('app.crashContent')}</p>
      <div className="page-crash__actions">
        <button type="button" className="page-crash__button page-crash__button--primary" onClick={onReload}>
          {t('app.crashReload')}
        </button>
        {onClose ? (
          <button type="button" className="page-crash__button" onClick={onClose}>
            {t('app.crashCloseTab')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Around the whole app: a crash outside any tab (the layout itself) offers a full reload. */
export function RootErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => <PageCrash onReload={() => window.location.reload()} />}>{children}</ErrorBoundary>
  );
}
