// The 采购订单 bill list (CGDD).
import { billListPage } from './bill-list-page';

export default billListPage('purchaseOrder');
