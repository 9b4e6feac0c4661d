// React side of lib/settings: <SettingsProvider> holds the settings, useSettings() reads them and sets one
// (persisted under its pro__ key). Turning off the fixed header also turns off auto-hide, as the drawer did.
// The colour (its AA shade, unless classic) is also the CSS variable --app-primary and weak mode the body's colorWeak class, for every screen.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { loginPrimary } from './accessible-colors.js';
import { loadSettings, saveSetting, type Settings } from './settings.js';
import { storage } from './storage.js';
import { quantityDecimals, showQuantityDecimals } from './number-format.js';

export interface SettingsContextValue {
  settings: Settings;
  setSetting: <K extends keyof Settings>(name: K, value: Settings[K]) => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<Settings>(() => loadSettings(storage));
  const setSetting = useCallback<SettingsContextValue['setSetting']>((name, value) => {
    saveSetting(storage, name, value);
    if (name === 'quantityDecimals') showQuantityDecimals(value as number);
    setSettings((previous) => {
      const next = { ...previous, [name]: value };
      if (name === 'fixedHeader' && value === false && previous.autoHideHeader) {
        next.autoHideHeader = false;
        saveSetting(storage, 'autoHideHeader', false);
      }
      return next;
    });
  }, []);
  // For the antd-free screens (the login form), which draw with the theme colour from CSS. Set before the first
  // paint: set after it, the login button faded in from the CSS fallback, below AA contrast for 0.2 s.
  useLayoutEffect(() => {
    document.documentElement.style.setProperty(
      '--app-primary',
      loginPrimary({ color: settings.color, classic: settings.classicColor }),
    );
  }, [settings.color, settings.classicColor]);
  useEffect(() => {
    document.body.classList.toggle('colorWeak', settings.weak);
  }, [settings.weak]);
  const value = useMemo(() => ({ settings, setSetting }), [settings, setSetting]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings() outside <SettingsProvider>');
  return value;
}

/** The decimals quantities show with, re-rendering its caller when the user changes them (outside a provider: stored). */
export function useQuantityDecimals(): number {
  return useContext(SettingsContext)?.settings.quantityDecimals ?? quantityDecimals();
}
