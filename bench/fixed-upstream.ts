// A fixed upstream for the proxy benchmark: one node:http process on loopback answering every request with the
// same JSON body, shaped like jshERP-boot's answer to GET /user/list.
// Run as its own process so its CPU is not charged to the gateway or to nginx. Prints {"port":N} when listening.
import { createServer } from 'node:http';

const row = (id: number, loginName: string, username: string, orgAbr: string, roleName: string) => ({
  id,
  username,
  loginName,
  password: null,
  leaderFlag: '0',
  position: '主管',
  department: null,
  email: null,
  phonenum: '13000000000',
  ismanager: null,
  isystem: 0,
  status: 0,
  description: null,
  remark: null,
  weixinOpenId: null,
  tenantId: 63,
  deleteFlag: null,
  orgAbr,
  orgaId: 12,
  userBlngOrgaDsplSeq: '15',
  orgaUserRelId: 11,
  roleId: 10,
  roleName,
  userType: '普通',
  userNumLimit: null,
  expireTime: null,
  leaderFlagStr: '否',
  code: null,
  uuid: null,
});

const body = Buffer.from(
  JSON.stringify({
    code: 200,
    data: {
      rows: [row(63, 'jsh', '测试用户', '测试部门', '租户'), row(131, 'test123', '测试员', '部门1', '销售代表')],
      total: 2,
    },
  }),
);

const server = createServer((req, res) => {
  // Drain any request body before answering, as a servlet container would.
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8', 'content-length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port, bytes: body.length })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
