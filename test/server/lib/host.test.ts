import t from 'tap';
import { normalizeHost } from '../../../server/lib/host.js';

t.test('normalizeHost', async (t) => {
  t.equal(normalizeHost('ERP.Example.COM'), 'erp.example.com');
  t.equal(normalizeHost('erp.example.com.'), 'erp.example.com', 'trailing dot');
  t.equal(normalizeHost('erp.example.com.:8080'), 'erp.example.com:8080');
  t.equal(normalizeHost('127.0.0.1:3000'), '127.0.0.1:3000');
  t.equal(normalizeHost('[::1]:3000'), '[::1]:3000');
  for (const bad of [
    '',
    undefined,
    'a b',
    'evil.com/x',
    'x"><script>',
    'a..b',
    '-a.com',
    'a.com:99999',
    'a.com:',
    'é.com',
    'x'.repeat(300),
  ]) {
    t.equal(normalizeHost(bad), null, String(bad).slice(0, 20));
  }
});
