// Renders the view a menu item names: lazily loaded from the registry (120 s chunk timeout, with a reload offer
// on failure), a clear message when the component is not provided yet, or an iframe for IframePageView items.
import { Button, Result, Spin } from 'antd';
import { Component, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useProgressWhile } from '../../lib/progress';
import { useT } from '../../lib/i18n/use-t';
import { t } from '../../lib/i18n/i18n';
import { normalizeComponent } from '../../lib/menu';
import { findView } from '../view-registry';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

class ChunkTimeoutError extends Error {}
/** The view's chunk could not be fetched (network, a release removed it): offered a reload here. */
class ChunkLoadError extends Error {}

type ViewModule = { default: ComponentType };

/** Views whose chunk has arrived (preloaded from the menu, or opened before): rendered without suspending. */
const loadedViews = new Map<string, ComponentType>();
/** Each path's component as first rendered: one identity per path, so a shown page never remounts. */
const shownViews = new Map<string, ComponentType>();

function loadView(component: string): Promise<ViewModule> | undefined {
  const loader = findView(component);
  return loader?.().then((module) => {
    loadedViews.set(component, (module as ViewModule).default);
    return module as ViewModule;
  });
}

function viewComponent(path: string): ComponentType | LazyExoticComponent<ComponentType> | undefined {
  const component = normalizeComponent(path);
  const shown = shownViews.get(component);
  if (shown) return shown;
  // A view whose code is already here renders at once: a lazy component suspends on its first render even then,
  // and React holds a revealed Suspense boundary's content back for up to 300 ms after its fallback showed.
  const loaded = loadedViews.get(component);
  if (loaded) {
    shownViews.set(component, loaded);
    return loaded;
  }
  if (!findView(component)) return undefined;
  const view = lazy(() =>
    Promise.race([
      loadView(component)!,
      new Promise<never>((_, reject) => setTimeout(() => reject(new ChunkTimeoutError()), CHUNK_LOAD_TIMEOUT_MS)),
    ]).catch((error: unknown) => {
      // Let a later attempt (after the user clicks reload in place) try again.
      shownViews.delete(component);
      throw error instanceof ChunkTimeoutError ? error : new ChunkLoadError(String(error));
    }),
  );
  shownViews.set(component, view);
  return view;
}

/**
 * Fetches a view's chunk ahead of its route (the landing view during the login call, a menu item when it is shown
 * or hovered); failures are left to the route, which offers a reload.
 */
export function preloadView(path: string): Promise<unknown> {
  const component = normalizeComponent(path);
  if (loadedViews.has(component)) return Promise.resolve();
  return loadView(component) ?? Promise.resolve();
}

class ChunkErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    // A view that crashed while rendering is not a loading problem: the tab's own boundary shows and reports it.
    if (!(this.state.error instanceof ChunkTimeoutError || this.state.error instanceof ChunkLoadError))
      throw this.state.error;
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
  const View = viewComponent(component);
  if (!View) return <MissingView component={component} />;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={fallback}>
        {/* eslint-disable-next-line react-hooks/static-components -- viewComponent returns one cached component per path, so its identity holds across renders */}
        <View />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

export function IframeView({ src, title }: { src: string; title: string }) {
  return <iframe className="view-host__iframe" src={src} title={title} />;
}
