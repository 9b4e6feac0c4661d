// The 采购订单 bill list (CGDD).
import { billView } from './bill-spec';

export default billView('purchaseOrder');
