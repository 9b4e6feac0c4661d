// The 销售退货 bill list (XSTH).
import { billListPage } from './bill-list-page';

export default billListPage('saleBack');
