// The 销售 bill list (XSCK).
import { billListPage } from './bill-list-page';

export default billListPage('saleOut');
