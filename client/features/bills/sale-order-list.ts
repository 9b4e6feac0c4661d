// The 销售订单 bill list (XSDD).
import { billView } from './bill-spec';

export default billView('saleOrder');
