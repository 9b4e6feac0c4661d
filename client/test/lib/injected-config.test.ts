import { expect, it } from 'vitest';
import { DEFAULT_INJECTED_CONFIG, parseInjectedConfig } from '../../lib/injected-config';

it('absent or broken → defaults', () => {
  expect(parseInjectedConfig(null)).toEqual(DEFAULT_INJECTED_CONFIG);
  expect(parseInjectedConfig('{oops')).toEqual(DEFAULT_INJECTED_CONFIG);
  expect(parseInjectedConfig('"x"')).toEqual(DEFAULT_INJECTED_CONFIG);
  expect(DEFAULT_INJECTED_CONFIG).toMatchObject({
    apiBase: '/jshERP-boot',
    systemTitle: 'ERP系统',
    websiteUrl: '#',
    version: 'V3.5',
    loginVariant: null,
    migrationNotice: null,
  });
});

it('a full block is read', () => {
  const config = parseInjectedConfig(
    JSON.stringify({
      apiBase: '/api/',
      systemTitle: '管伊佳ERP',
      websiteUrl: 'http://www.gyjerp.com/',
      version: 'V3.5',
      loginVariant: {
        downloads: [
          { kind: 'android', url: 'https://x/a.apk' },
          { kind: 'iphone', url: '' },
        ],
        companyLabel: '某科技',
        filingNumber: '苏ICP备0000号',
        filingUrl: 'http://beian.miit.gov.cn/',
      },
      migrationNotice: { newAddress: 'https://new.example.com', contact: null },
    }),
  );
  expect(config.apiBase).toBe('/api');
  expect(config.loginVariant?.downloads, 'entries without a url are dropped').toEqual([
    { kind: 'android', url: 'https://x/a.apk' },
  ]);
  expect(config.migrationNotice).toEqual({ newAddress: 'https://new.example.com', contact: null });
});
