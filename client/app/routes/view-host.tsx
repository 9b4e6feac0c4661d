// Renders the view a menu item names: lazily loaded from the registry (120 s chunk timeout, with a reload offer
// on failure), a clear message when the component is not provided yet, or an iframe for IframePageView items.
import { Button, Result, Spin } from 'antd';
import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useProgressWhile } from '../../lib/progress';
import { useT } from '../../lib/i18n/use-t';
import { t } from '../../lib/i18n/i18n';
import { findView } from '../view-registry';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

class ChunkTimeoutError extends Error {}
/** The view's chunk could not be fetched (network, a release removed it): offered a reload here. */
class ChunkLoadError extends Error {}

const lazyViews = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyView(component: string): LazyExoticComponent<ComponentType> | undefined {
  const cached = lazyViews.get(component);
  if (cached) return cached;
  const loader = findView(component);
  if (!loader) return undefined;
  const view = lazy(() =>
    Promise.race([
      loader(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_LOAD_TIMEOUT_MS)),
    ]).catch((error: unknown) => {
      // Let a later attempt (after the user clicks reload in place) try again.
      lazyViews.delete(component);
      throw error instanceof ChunkTimeoutError ? error : new ChunkLoadError(String(error));
    }),
  );
  lazyViews.set(component, view);
  return view;
}

/** Fetches a view's chunk ahead of its route (the landing view, during the login call); failures are the route's. */
export function preloadView(component: string): Promise<unknown> {
  return findView(component)?.() ?? Promise.resolve();
}

class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    // A view that crashed while rendering is not a loading problem: the tab's own boundary shows and reports it.
    if (!(this.state.error instanceof ChunkTimeoutError || this.state.error instanceof ChunkLoadError)) throw this.state.error;
    const timeout = this.state.error instanceof ChunkTimeoutError;
    return (
      <Result
        status="warning"
        title={timeout ? t('view.loadTimeout') : t('view.loadFailed')}
        subTitle={t('view.loadFailedHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    );
  }
}

export function MissingView({ component }: { component: string }) {
  const t = useT();
  return <Result status="info" title={t('view.missing', { component })} subTitle={t('view.missingHint')} />;
}

/** Shown while a view's code loads; the top progress bar runs meanwhile. */
function ViewLoading() {
  useProgressWhile(true);
  return (
    <div className="view-host__loading">
      <Spin />
    </div>
  );
}

const fallback = <ViewLoading />;

export function ViewHost({ component }: { component: string }) {
  const View = lazyView(component);
  if (!View) return <MissingView component={component} />;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={fallback}>
        {/* eslint-disable-next-line react-hooks/static-components -- lazyView returns one cached component per path, so its identity holds across renders */}
        <View />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

export function IframeView({ src, title }: { src: string; title: string }) {
  return <iframe className="view-host__iframe" src={src} title={title} />;
}
