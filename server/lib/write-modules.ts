// Which module jshERP-boot's operation log writes each write under (LogService.insertLog / insertLogWithUserId),
// read from its services at the commit shared/backend-params.json names. The module is the key of the backend's
// same-second rule (plugins/write-pacing.ts): two rows of one user, module and client address in one second end
// every session of that user from that address. Writes that log nothing are not listed.

/** `METHOD /path` (below /jshERP-boot) → the modules it logs under, in the order it logs them. */
export const WRITE_MODULES: Readonly<Record<string, readonly string[]>> = {
  'POST /account/add': ['账户'], // AccountService.java:175
  'PUT /account/update': ['账户'], // AccountService.java:189
  'DELETE /account/delete': ['账户'], // AccountService.java:257
  'DELETE /account/deleteBatch': ['账户'], // AccountService.java:257
  'POST /account/updateIsDefault': ['账户'], // AccountService.java:410
  'POST /account/batchSetStatus': ['账户'], // AccountService.java:567
  'DELETE /accountHead/delete': ['财务单据'], // AccountHeadService.java:227
  'DELETE /accountHead/deleteBatch': ['财务单据'], // AccountHeadService.java:227
  'POST /accountHead/batchSetStatus': ['财务单据'], // AccountHeadService.java:288
  'POST /accountHead/addAccountHeadAndDetail': ['财务单据'], // AccountHeadService.java:344
  'PUT /accountHead/updateAccountHeadAndDetail': ['财务单据'], // AccountHeadService.java:372
  'POST /depot/add': ['关联关系', '仓库'], // UserBusinessService.java:71 or :88 (UserDepot insert or update); DepotService.java:136
  'PUT /depot/update': ['仓库'], // DepotService.java:150
  'DELETE /depot/delete': ['仓库'], // DepotService.java:197
  'DELETE /depot/deleteBatch': ['仓库'], // DepotService.java:197
  'POST /depot/updateIsDefault': ['仓库'], // DepotService.java:247
  'POST /depot/batchSetStatus': ['仓库'], // DepotService.java:377
  'DELETE /depotHead/delete': ['单据'], // DepotHeadService.java:552
  'DELETE /depotHead/deleteBatch': ['单据'], // DepotHeadService.java:552
  'POST /depotHead/forceCloseBatch': ['单据'], // DepotHeadService.java:636
  'POST /depotHead/forceClosePurchaseBatch': ['单据'], // DepotHeadService.java:671
  'POST /depotHead/batchSetLastDebt': ['单据'], // DepotHeadService.java:696
  'POST /depotHead/batchSetLastDeposit': ['单据'], // DepotHeadService.java:721
  'POST /depotHead/batchSetStatus': ['单据'], // DepotHeadService.java:816
  'POST /depotHead/addDepotHeadAndDetail': ['单据'], // DepotHeadService.java:1309
  'PUT /depotHead/updateDepotHeadAndDetail': ['单据'], // DepotHeadService.java:1420
  'POST /depotHead/batchAddDepotHeadAndDetail': ['单据'], // DepotHeadService.java:1986
  'PUT /depotHead/quickEdit': ['单据'], // DepotHeadService.java:2012
  'POST /function/add': ['功能'], // FunctionService.java:101
  'PUT /function/update': ['功能'], // FunctionService.java:117
  'DELETE /function/delete': ['功能'], // FunctionService.java:150
  'DELETE /function/deleteBatch': ['功能'], // FunctionService.java:150
  'POST /inOutItem/add': ['收支项目'], // InOutItemService.java:105
  'PUT /inOutItem/update': ['收支项目'], // InOutItemService.java:125
  'DELETE /inOutItem/delete': ['收支项目'], // InOutItemService.java:167
  'DELETE /inOutItem/deleteBatch': ['收支项目'], // InOutItemService.java:167
  'POST /inOutItem/batchSetStatus': ['收支项目'], // InOutItemService.java:229
  'POST /materialAttribute/add': ['商品属性'], // MaterialAttributeService.java:76
  'PUT /materialAttribute/update': ['商品属性'], // MaterialAttributeService.java:94
  'POST /materialCategory/add': ['商品类型'], // MaterialCategoryService.java:128
  'PUT /materialCategory/update': ['商品类型'], // MaterialCategoryService.java:143
  'DELETE /materialCategory/delete': ['商品类型'], // MaterialCategoryService.java:184
  'DELETE /materialCategory/deleteBatch': ['商品类型'], // MaterialCategoryService.java:184
  'POST /material/add': ['商品'], // MaterialService.java:192
  'PUT /material/update': ['商品'], // MaterialService.java:247
  'DELETE /material/delete': ['商品'], // MaterialService.java:294
  'DELETE /material/deleteBatch': ['商品'], // MaterialService.java:294
  'POST /material/batchSetStatus': ['商品'], // MaterialService.java:332
  'POST /material/importExcel': ['商品'], // MaterialService.java:850
  'POST /materialProperty/add': ['商品属性'], // MaterialPropertyService.java:116
  'PUT /materialProperty/update': ['商品属性'], // MaterialPropertyService.java:130
  'POST /materialProperty/addOrUpdate': ['商品属性'], // MaterialPropertyService.java:116
  'DELETE /materialProperty/delete': ['商品属性'], // MaterialPropertyService.java:155
  'DELETE /materialProperty/deleteBatch': ['商品属性'], // MaterialPropertyService.java:155
  'POST /msg/add': ['消息'], // MsgService.java:113
  'PUT /msg/update': ['消息'], // MsgService.java:131
  'DELETE /msg/delete': ['消息'], // MsgService.java:147
  'DELETE /msg/deleteBatch': ['消息'], // MsgService.java:166
  'POST /organization/add': ['部门'], // OrganizationService.java:69
  'PUT /organization/update': ['部门'], // OrganizationService.java:83
  'DELETE /organization/delete': ['部门'], // OrganizationService.java:109
  'DELETE /organization/deleteBatch': ['部门'], // OrganizationService.java:109
  'POST /person/add': ['经手人'], // PersonService.java:103
  'PUT /person/update': ['经手人'], // PersonService.java:117
  'DELETE /person/delete': ['经手人'], // PersonService.java:172
  'DELETE /person/deleteBatch': ['经手人'], // PersonService.java:172
  'POST /person/batchSetStatus': ['经手人'], // PersonService.java:229
  'POST /role/add': ['角色'], // RoleService.java:128
  'PUT /role/update': ['角色'], // RoleService.java:142
  'DELETE /role/delete': ['角色'], // RoleService.java:199
  'DELETE /role/deleteBatch': ['角色'], // RoleService.java:199
  'POST /role/batchSetStatus': ['角色'], // RoleService.java:218
  'POST /serialNumber/batAddSerialNumber': ['序列号'], // SerialNumberService.java:216
  'POST /supplier/add': ['商家'], // SupplierService.java:162
  'PUT /supplier/update': ['商家'], // SupplierService.java:182
  'DELETE /supplier/delete': ['商家'], // SupplierService.java:237
  'DELETE /supplier/deleteBatch': ['商家'], // SupplierService.java:237
  'POST /supplier/batchSetStatus': ['商家'], // SupplierService.java:373
  'POST /supplier/importVendor': ['供应商'], // SupplierService.java:556
  'POST /supplier/importCustomer': ['客户'], // SupplierService.java:556
  'POST /supplier/importMember': ['会员'], // SupplierService.java:556
  'DELETE /dict/data/delete': ['字典数据'], // SysDictDataService.java:153
  'DELETE /dict/data/deleteBatch': ['字典数据'], // SysDictDataService.java:153
  'DELETE /dict/type/delete': ['字典类型'], // SysDictTypeService.java:245
  'DELETE /dict/type/deleteBatch': ['字典类型'], // SysDictTypeService.java:245
  'POST /systemConfig/add': ['系统配置'], // SystemConfigService.java:109 (a row without the check)
  'PUT /systemConfig/update': ['系统配置'], // SystemConfigService.java:124 (a row without the check)
  'DELETE /systemConfig/delete': ['系统配置'], // SystemConfigService.java:144
  'DELETE /systemConfig/deleteBatch': ['系统配置'], // SystemConfigService.java:144
  'POST /tenant/add': ['关联关系'], // no row
  'POST /tenant/batchSetStatus': ['用户'], // TenantService.java:189
  'POST /unit/add': ['多单位'], // UnitService.java:99
  'PUT /unit/update': ['多单位'], // UnitService.java:120
  'DELETE /unit/delete': ['多单位'], // UnitService.java:177
  'DELETE /unit/deleteBatch': ['多单位'], // UnitService.java:177
  'POST /unit/batchSetStatus': ['多单位'], // UnitService.java:288
  'POST /userBusiness/add': ['关联关系'], // UserBusinessService.java:71
  'PUT /userBusiness/update': ['关联关系'], // UserBusinessService.java:88
  'DELETE /userBusiness/delete': ['关联关系'], // UserBusinessService.java:107
  'DELETE /userBusiness/deleteBatch': ['关联关系'], // UserBusinessService.java:107
  'POST /userBusiness/updateBtnStr': ['关联关系'], // UserBusinessService.java:163
  'POST /user/add': ['用户'], // UserService.java:168
  'PUT /user/update': ['用户'], // UserService.java:185
  'DELETE /user/delete': ['用户'], // UserService.java:276
  'DELETE /user/deleteBatch': ['用户'], // UserService.java:276
  'POST /user/login': ['用户'], // UserService.java:393 (a row without the check)
  'POST /user/weixinLogin': ['用户'], // UserService.java:393 (a row without the check)
  'POST /user/resetPwd': ['用户'], // UserService.java:228
  'PUT /user/updatePwd': ['用户'], // UserService.java:202
  'POST /user/addUser': ['用户', '关联关系'], // UserService.java:534; UserBusinessService.java:71 (only if roleId)
  'PUT /user/updateUser': ['用户', '关联关系'], // UserService.java:680; UserBusinessService.java:88 or :71 (update or insert UserRole, only if roleId)
  'POST /user/batchSetStatus': ['用户'], // UserService.java:949
};
