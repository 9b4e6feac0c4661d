// The 销售订单 bill list (XSDD).
import { billListPage } from './bill-list-page';

export default billListPage('saleOrder');
