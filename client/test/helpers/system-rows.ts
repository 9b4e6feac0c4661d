// Rows of the system pages as their list calls answer them, for the tests that open the same record.

/** 结算账户 招商银行 (id 17), not the default account. */
export const ACCOUNT_ROW = {
  id: 17,
  name: '招商银行',
  serialNo: '6225',
  initialAmount: 1000,
  currentAmount: 1200,
  sort: '1',
  remark: '',
  isDefault: false,
  enabled: true,
};
