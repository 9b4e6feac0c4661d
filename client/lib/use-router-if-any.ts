// The router's location and history, or null outside a router: a dialog or a list rendered alone (a component
// test, a picker inside another dialog's test) works as before, only without its history entries.
import { useContext } from 'react';
import {
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  type Location,
  type NavigationType,
  type Navigator,
} from 'react-router';

export interface RouterHere {
  location: Location;
  navigationType: NavigationType;
  navigator: Navigator;
}

export function useRouterIfAny(): RouterHere | null {
  // Read through the contexts (not useLocation, which throws outside a router).
  const here = useContext(UNSAFE_LocationContext) as { location: Location; navigationType: NavigationType } | null;
  const navigation = useContext(UNSAFE_NavigationContext) as { navigator: Navigator } | null;
  if (!here || !navigation) return null;
  return { location: here.location, navigationType: here.navigationType, navigator: navigation.navigator };
}
