// The JSON block the gateway writes into the served page, per request, and the client reads at boot.
// It lives in <script id="app-config" type="application/json"> (escaped so no value can close the tag).

export const INJECTED_CONFIG_ELEMENT_ID = 'app-config';

import { CONTEXT_PATH } from './backend.js';

export interface DownloadEntry {
  kind: 'android' | 'iphone' | 'miniProgram';
  /** The URL the QR code encodes. */
  url: string;
}

export interface LoginVariant {
  downloads: DownloadEntry[];
  companyLabel: string | null;
  filingNumber: string | null;
  filingUrl: string | null;
}

export interface MigrationNotice {
  newAddress: string;
  contact: string | null;
}

export interface InjectedConfig {
  /** Base path of the backend API as the browser sees it. */
  apiBase: string;
  systemTitle: string;
  websiteUrl: string;
  /** Product version shown on the login layout. */
  version: string;
  /** Present only on a production host. */
  loginVariant: LoginVariant | null;
  /** Present only on an old host. */
  migrationNotice: MigrationNotice | null;
}

/** The browser calls the backend at its own context path, through the gateway. */
export const DEFAULT_API_BASE = CONTEXT_PATH;
export const DEFAULT_SYSTEM_TITLE = 'ERP系统';
export const DEFAULT_WEBSITE_URL = '#';
export const PRODUCT_VERSION_LABEL = 'V3.5';
