import t from 'tap';
import { DEFAULT_INJECTED_CONFIG, parseInjectedConfig } from '../../../client/lib/injected-config.js';

t.test('absent or broken → defaults', async (t) => {
  t.same(parseInjectedConfig(null), DEFAULT_INJECTED_CONFIG);
  t.same(parseInjectedConfig('{oops'), DEFAULT_INJECTED_CONFIG);
  t.same(parseInjectedConfig('"x"'), DEFAULT_INJECTED_CONFIG);
  t.match(DEFAULT_INJECTED_CONFIG, { apiBase: '/jshERP-boot', systemTitle: 'ERP系统', websiteUrl: '#', version: 'V3.5', loginVariant: null, migrationNotice: null });
});

t.test('a full block is read', async (t) => {
  const config = parseInjectedConfig(
    JSON.stringify({
      apiBase: '/api/',
      systemTitle: '管伊佳ERP',
      websiteUrl: 'http://www.gyjerp.com/',
      version: 'V3.5',
      loginVariant: {
        downloads: [{ kind: 'android', url: 'https://x/a.apk' }, { kind: 'iphone', url: '' }],
        companyLabel: '某科技',
        filingNumber: '苏ICP备0000号',
        filingUrl: 'http://beian.miit.gov.cn/',
      },
      migrationNotice: { newAddress: 'https://new.example.com', contact: null },
    }),
  );
  t.equal(config.apiBase, '/api');
  t.same(config.loginVariant?.downloads, [{ kind: 'android', url: 'https://x/a.apk' }], 'entries without a url are dropped');
  t.same(config.migrationNotice, { newAddress: 'https://new.example.com', contact: null });
});
