// The one token shape the gateway accepts — the backend's: 32 hex digits, `_<tenantId>` for a tenant's users — used
// by the session cookie, the notices' session check and the message-write hook alike.
import t from 'tap';
import { isTokenShaped, tenantOfToken } from '../../../server/lib/session-token.js';

t.test('the backend’s tokens pass; anything else does not', async (t) => {
  t.ok(isTokenShaped('3f2a9c0d1e2b4a5c6d7e8f9012345678_63'), 'a tenant user’s');
  t.ok(isTokenShaped('3f2a9c0d1e2b4a5c6d7e8f9012345678'), 'the platform admin’s, no tenant');
  for (const bad of [
    '',
    'fresh_63',
    'not-a-token-but-safe-characters',
    '3F2A9C0D1E2B4A5C6D7E8F9012345678_63',
    '3f2a9c0d1e2b4a5c6d7e8f9012345678_63_1',
    '3f2a9c0d1e2b4a5c6d7e8f9012345678_',
    '3f2a9c0d1e2b4a5c6d7e8f9012345678\r\nX-Evil: 1',
    `${'a'.repeat(32)}_${'9'.repeat(20)}`,
  ])
    t.notOk(isTokenShaped(bad), JSON.stringify(bad));
});

t.test('the tenant of a token, as digits without leading zeros', async (t) => {
  t.equal(tenantOfToken('3f2a9c0d1e2b4a5c6d7e8f9012345678_63'), '63');
  t.equal(tenantOfToken('3f2a9c0d1e2b4a5c6d7e8f9012345678_0063'), '63');
  t.equal(tenantOfToken('3f2a9c0d1e2b4a5c6d7e8f9012345678_9007199254740993'), '9007199254740993');
  t.equal(tenantOfToken('3f2a9c0d1e2b4a5c6d7e8f9012345678'), '0');
});
