// Login flow: captcha on and off, every msgTip, the success body, logout's code 400.
import { inflateSync } from 'node:zlib';
import t from 'tap';
import { MD5_123456, startStack } from './helpers.js';

const JSH_USER = {
  id: 63,
  username: '测试用户',
  loginName: 'jsh',
  password: null,
  leaderFlag: '0',
  position: '主管',
  department: null,
  email: '666666@qq.com',
  phonenum: '1123123123132',
  ismanager: 1,
  isystem: 1,
  status: 0,
  description: '',
  remark: null,
  weixinOpenId: null,
  tenantId: 63,
  deleteFlag: '0',
};

/** Decodes the captcha data URI enough to prove it is a real 105×35 PNG a browser can show. */
function pngSize(dataUri: string): { width: number; height: number; pixels: Buffer } {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUri);
  if (!m) throw new Error('not a PNG data URI');
  const png = Buffer.from(m[1]!, 'base64');
  if (!png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('bad signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(idat)) };
}

t.test('captcha on (the seed checkcode_flag 1)', async (t) => {
  const stack = await startStack(t, { captcha: true });
  const { call, sandbox } = stack;
  const answer = (uuid: string): string => sandbox.app.sandbox.captchaAnswer(uuid) ?? '';
  const image = async (): Promise<{ uuid: string; base64: string }> =>
    (await call('GET', '/user/randomImage')).json().data;

  t.test('checkcodeFlag is the bare string 1, sent as application/json', async (t) => {
    const res = await call('GET', '/platformConfig/getPlatform/checkcodeFlag');
    t.equal(res.status, 200);
    t.match(res.headers['content-type'], /^application\/json/);
    t.equal(res.text, '1');
  });

  t.test('randomImage: {code:200,data:{uuid,base64}} with a real PNG of 4 drawn characters', async (t) => {
    const res = await call('GET', '/user/randomImage');
    const body = res.json();
    t.same(Object.keys(body), ['code', 'data']);
    t.equal(body.code, 200);
    t.same(Object.keys(body.data).sort(), ['base64', 'uuid']);
    t.match(body.data.uuid, /^[0-9a-f]{32}$/);
    const { width, height, pixels } = pngSize(body.data.base64);
    t.same([width, height], [105, 35]);
    t.equal(pixels.length, (105 * 3 + 1) * 35, 'pixel data decodes to the full image');
    t.match(answer(body.data.uuid), /^[0-9a-z]{4}$/);
    const other = await image();
    t.not(other.uuid, body.data.uuid, 'each call gives a new uuid');
  });

  t.test(
    'captcha errors: 500012 empty, 500010 wrong (entry deleted), 500011 used or expired; all HTTP 200',
    async (t) => {
      const empty = await call('POST', '/user/login', {
        body: { loginName: 'jsh', password: MD5_123456, code: '', uuid: '' },
      });
      t.equal(empty.status, 200);
      t.same(empty.json(), { code: 500012, data: { message: '验证码不能为空' } });
      const missingUuid = await call('POST', '/user/login', {
        body: { loginName: 'jsh', password: MD5_123456, code: 'abcd' },
      });
      t.same(missingUuid.json(), { code: 500012, data: { message: '验证码不能为空' } });

      const first = await image();
      const right = answer(first.uuid);
      const wrong = right === 'zzzz' ? 'yyyy' : 'zzzz';
      const bad = await call('POST', '/user/login', {
        body: { loginName: 'jsh', password: MD5_123456, code: wrong, uuid: first.uuid },
      });
      t.same(bad.json(), { code: 500010, data: { message: '验证码错误' } });
      const reused = await call('POST', '/user/login', {
        body: { loginName: 'jsh', password: MD5_123456, code: right, uuid: first.uuid },
      });
      t.same(
        reused.json(),
        { code: 500011, data: { message: '验证码已失效' } },
        'the entry is deleted by the failed check',
      );

      const unknown = await call('POST', '/user/login', {
        body: { loginName: 'jsh', password: MD5_123456, code: 'abcd', uuid: 'f'.repeat(32) },
      });
      t.same(unknown.json(), { code: 500011, data: { message: '验证码已失效' } });

      const stale = await image();
      const entry = sandbox.app.sandbox.state.captchas.get(stale.uuid);
      if (!entry) throw new Error('captcha not stored');
      entry.expiresAt = sandbox.app.sandbox.state.clock.ms() - 1; // past its 2-minute TTL
      const expired = await call('POST', '/user/login', {
        body: { loginName: 'jsh', password: MD5_123456, code: entry.code, uuid: stale.uuid },
      });
      t.same(expired.json(), { code: 500011, data: { message: '验证码已失效' } });
    },
  );

  t.test('the right code (any case, padded) logs in, and is single-use', async (t) => {
    const img = await image();
    const code = ` ${answer(img.uuid).toUpperCase()} `;
    const ok = await call('POST', '/user/login', {
      body: { loginName: 'jsh', password: MD5_123456, code, uuid: img.uuid },
    });
    t.equal(ok.json().data.msgTip, 'user can login');
    const again = await call('POST', '/user/login', {
      body: { loginName: 'jsh', password: MD5_123456, code, uuid: img.uuid },
    });
    t.same(again.json(), { code: 500011, data: { message: '验证码已失效' } });
  });
});

t.test('captcha off', async (t) => {
  const stack = await startStack(t, { captcha: false });
  const { call, sandbox } = stack;
  const state = sandbox.app.sandbox.state;
  const login = (body: Record<string, unknown>) => call('POST', '/user/login', { body });

  t.test('checkcodeFlag says 0 and the image is still served', async (t) => {
    t.equal((await call('GET', '/platformConfig/getPlatform/checkcodeFlag')).text, '0');
    t.equal((await call('GET', '/user/randomImage')).json().code, 200);
  });

  t.test('success: exact body, token, pwdSimple, full user row with password null', async (t) => {
    const res = await login({ loginName: 'jsh', password: MD5_123456, code: '', uuid: '' });
    t.equal(res.status, 200);
    const body = res.json();
    t.same(Object.keys(body), ['code', 'data']);
    t.same(Object.keys(body.data), ['msgTip', 'token', 'pwdSimple', 'user']);
    t.equal(body.data.msgTip, 'user can login');
    t.match(body.data.token, /^[0-9a-f]{32}_63$/);
    t.equal(body.data.pwdSimple, true);
    t.same(body.data.user, JSH_USER);
    t.same(Object.keys(body.data.user), Object.keys(JSH_USER), 'user keys in entity order');
  });

  t.test('a login name or password that is not text is refused before any password check (Jackson)', async (t) => {
    for (const body of [
      { loginName: ['jsh'], password: MD5_123456 },
      { loginName: { name: 'jsh' }, password: MD5_123456 },
      { loginName: 'jsh', password: [MD5_123456] },
    ]) {
      t.same((await login(body)).json(), { code: 500, data: '未知异常' }, JSON.stringify(body));
    }
    t.equal(
      (await login({ loginName: 2024, password: MD5_123456 })).json().data.msgTip,
      'user is not exist',
      'a number is read as its text',
    );
  });

  t.test('password: md5 hex compared case-insensitively; names trimmed', async (t) => {
    const res = await login({ loginName: ' jsh ', password: MD5_123456.toUpperCase() });
    t.equal(res.json().data.msgTip, 'user can login');
  });

  t.test('every failure msgTip, with only msgTip in data', async (t) => {
    const jsh = state.users.find((u) => u.login_name === 'jsh');
    const tenant = state.tenants.find((x) => x.tenant_id === 63);
    if (!jsh || !tenant) throw new Error('fixture rows missing');
    const cases: [string, Record<string, unknown>, () => void, () => void, string][] = [
      ['unknown user', { loginName: 'ghost', password: MD5_123456 }, () => {}, () => {}, 'user is not exist'],
      [
        'wrong password',
        { loginName: 'jsh', password: 'e10adc3949ba59abbe56e057f20f883f' },
        () => {},
        () => {},
        'user password error',
      ],
      [
        'blocked user (status 2), before the password',
        { loginName: 'jsh', password: 'wrong' },
        () => {
          jsh.status = 2;
        },
        () => {
          jsh.status = 0;
        },
        'user is black',
      ],
      [
        'blocked tenant',
        { loginName: 'test123', password: MD5_123456 },
        () => {
          tenant.enabled = 0;
        },
        () => {
          tenant.enabled = 1;
        },
        'tenant is black',
      ],
      [
        'expired tenant',
        { loginName: 'jsh', password: MD5_123456 },
        () => {
          tenant.expire_time = new Date(state.clock.ms() - 1000);
        },
        () => {
          tenant.expire_time = new Date('2099-02-17T15:19:17Z');
        },
        'tenant is expire',
      ],
    ];
    for (const [name, body, arrange, restore, tip] of cases) {
      arrange();
      try {
        const res = await login(body);
        t.equal(res.status, 200, name);
        t.same(res.json(), { code: 200, data: { msgTip: tip } }, name);
      } finally {
        restore();
      }
    }
    t.same((await login({ loginName: 'jsh' })).json(), { code: 500, data: '用户登录失败' }, 'a missing password field');
  });

  t.test('a login logs a row the log list shows', async (t) => {
    const { token } = await stack.login('test123');
    const logs = (
      await call(
        'GET',
        `/log/list?search=${encodeURIComponent('{"content":"登录test123"}')}&currentPage=1&pageSize=50`,
        { token },
      )
    ).json();
    t.ok(logs.data.rows.length >= 1);
  });

  t.test('logout: {code:400,data:null}, then the token is dead (500 with empty body)', async (t) => {
    const { token } = await stack.login('jsh');
    const out = await call('GET', '/user/logout', { token });
    t.equal(out.status, 200);
    t.equal(out.text, '{"code":400,"data":null}');
    const again = await call('GET', '/user/logout', { token });
    t.equal(again.status, 500);
    t.equal(again.text, '');
    t.equal((await call('GET', '/user/getUserSession', { token })).text, 'loginOut');
  });

  t.test('logging in again with a live token ends that session first', async (t) => {
    const { token } = await stack.login('jsh');
    const res = await call('POST', '/user/login', { token, body: { loginName: 'test123', password: MD5_123456 } });
    t.equal(res.json().data.msgTip, 'user can login');
    t.equal((await call('GET', '/user/getUserSession', { token })).text, 'loginOut');
  });

  t.test('getUserSession: {code:200,data:{user}} with password null', async (t) => {
    const { token } = await stack.login('jsh');
    t.same((await call('GET', '/user/getUserSession', { token })).json(), { code: 200, data: { user: JSH_USER } });
  });
});

t.test('registerUser: standardSuccess, duplicate names, captcha, and the new tenant can log in', async (t) => {
  const stack = await startStack(t, { captcha: true });
  const { call, sandbox } = stack;
  const captcha = async (): Promise<{ uuid: string; code: string }> => {
    const uuid = (await call('GET', '/user/randomImage')).json().data.uuid as string;
    return { uuid, code: sandbox.app.sandbox.captchaAnswer(uuid) ?? '' };
  };
  const register = async (loginName: string, withCaptcha = true) =>
    (
      await call('POST', '/user/registerUser', {
        body: { loginName, password: MD5_123456, ...(withCaptcha ? await captcha() : {}) },
      })
    ).json();

  t.same(await register('shop2026', false), { code: 500012, data: { message: '验证码不能为空' } });
  t.same(await register('shop2026'), { code: 200, msg: '操作成功' });
  t.same(await register('shop2026'), { code: 500003, data: { message: '用户名在本系统已存在' } });
  t.same(await register('jsh'), { code: 500003, data: { message: '登录名在本系统已存在' } });

  const { token, data } = await stack.login('shop2026');
  t.equal(token, `${token.split('_')[0]}_${String(data.user.id)}`, 'the new user owns its tenant');
  t.match(data.user, { loginName: 'shop2026', username: 'shop2026', tenantId: data.user.id });
  const info = (await call('GET', '/user/infoWithTenant', { token })).json();
  t.match(info.data, { type: '0', userCurrentNum: 1, userNumLimit: 1000000, tenantId: data.user.id });
  const menu = (
    await call('POST', '/function/findMenuByPNumber', { token, body: { pNumber: 0, userId: data.user.id } })
  ).json();
  t.equal(menu.length, 10, 'the 租户 role menu');
  t.same(
    (await call('GET', '/systemConfig/getCurrentInfo', { token })).json(),
    { code: 200, data: null },
    'a new tenant has no system config',
  );
  const accounts = (
    await call('GET', `/account/list?search=${encodeURIComponent('{}')}&currentPage=1&pageSize=10`, { token })
  ).json();
  t.same(accounts, { code: 200, data: { rows: [], total: 0 } }, 'and none of tenant 63’s data');
});
