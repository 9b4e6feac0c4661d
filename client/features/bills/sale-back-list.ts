// The 销售退货 bill list (XSTH).
import { billView } from './bill-spec';

export default billView('saleBack');
