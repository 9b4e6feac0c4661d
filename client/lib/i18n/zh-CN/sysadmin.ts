// The platform administrator's forms: 租户.
export const sysadminMessages = {
  'sysadmin.tenant.initialPassword': '初始密码：123456',
  'sysadmin.tenant.loginNameExists': '登录名称已经存在',
  'sysadmin.tenant.role': '租户角色',
  'sysadmin.tenant.trial': '试用租户',
  'sysadmin.tenant.remarkPlaceholder': '请输入备注（微信号）',
} as const;
