// The per-request configuration the gateway writes into the page (<script id="app-config" type="application/json">).
// Absent (vite dev) or broken → defaults, so the shell always boots.
import {
  DEFAULT_API_BASE,
  DEFAULT_SYSTEM_TITLE,
  DEFAULT_WEBSITE_URL,
  INJECTED_CONFIG_ELEMENT_ID,
  PRODUCT_VERSION_LABEL,
  type InjectedConfig,
} from '../../shared/injected-config.js';

export type { InjectedConfig, DownloadEntry, LoginVariant, MigrationNotice } from '../../shared/injected-config.js';

export const DEFAULT_INJECTED_CONFIG: InjectedConfig = {
  apiBase: DEFAULT_API_BASE,
  systemTitle: DEFAULT_SYSTEM_TITLE,
  websiteUrl: DEFAULT_WEBSITE_URL,
  version: PRODUCT_VERSION_LABEL,
  loginVariant: null,
  migrationNotice: null,
};

const str = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : fallback;

/** Pure: the JSON text of the block (or null) → a complete config. */
export function parseInjectedConfig(text: string | null | undefined): InjectedConfig {
  if (!text) return DEFAULT_INJECTED_CONFIG;
  let raw: Partial<InjectedConfig>;
  try {
    raw = JSON.parse(text) as Partial<InjectedConfig>;
  } catch {
    return DEFAULT_INJECTED_CONFIG;
  }
  if (typeof raw !== 'object' || raw === null) return DEFAULT_INJECTED_CONFIG;
  const variant = raw.loginVariant;
  const notice = raw.migrationNotice;
  return {
    apiBase: str(raw.apiBase, DEFAULT_API_BASE).replace(/\/+$/, ''),
    systemTitle: str(raw.systemTitle, DEFAULT_SYSTEM_TITLE),
    websiteUrl: str(raw.websiteUrl, DEFAULT_WEBSITE_URL),
    version: str(raw.version, PRODUCT_VERSION_LABEL),
    loginVariant:
      variant && typeof variant === 'object'
        ? {
            downloads: Array.isArray(variant.downloads)
              ? variant.downloads.filter((d) => d && typeof d.url === 'string' && d.url !== '')
              : [],
            companyLabel: variant.companyLabel ?? null,
            filingNumber: variant.filingNumber ?? null,
            filingUrl: variant.filingUrl ?? null,
          }
        : null,
    migrationNotice:
      notice && typeof notice === 'object' && typeof notice.newAddress === 'string'
        ? { newAddress: notice.newAddress, contact: notice.contact ?? null }
        : null,
  };
}

interface DocumentLike {
  getElementById(id: string): { textContent: string | null } | null;
}

function readFromDocument(): InjectedConfig {
  const doc = (globalThis as { document?: DocumentLike }).document;
  return parseInjectedConfig(doc?.getElementById(INJECTED_CONFIG_ELEMENT_ID)?.textContent);
}

/** Read once at boot; the page is re-served (and re-injected) on every full load. */
export const injectedConfig: InjectedConfig = readFromDocument();

/**
 * The system title to show: the configured one (SYSTEM_TITLE, the backend's platform_name), or — when the gateway
 * fell back to ERP系统 — that generic name in the page's language (`translatedDefault`: t('app.defaultTitle')).
 */
export function shownSystemTitle(translatedDefault: string, configured: string = injectedConfig.systemTitle): string {
  return configured === DEFAULT_SYSTEM_TITLE ? translatedDefault : configured;
}
