// Where the list page's components are rendered ahead (components/table-page/list-warm-up): nothing until asked, so
// the login's first page carries neither their code nor their render.
import { lazy, Suspense, type ComponentType } from 'react';
import { useStoredValue, type ValueStore } from '../../lib/value-store';

// A chunk that fails to load (a redeploy, a network drop) warms nothing and breaks nothing: the page that needs the
// code reports the failure itself.
const ListWarmUp = lazy<ComponentType>(() =>
  import('../../components/table-page/list-warm-up').then(
    (m) => ({ default: m.ListWarmUp }),
    () => ({ default: () => null }),
  ),
);

export function ListWarmUpHost({ asked }: { asked: ValueStore<boolean> }) {
  return useStoredValue(asked) ? (
    <Suspense fallback={null}>
      <ListWarmUp />
    </Suspense>
  ) : null;
}
