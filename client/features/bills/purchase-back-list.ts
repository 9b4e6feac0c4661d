// The 采购退货 bill list (CGTH).
import { billListPage } from './bill-list-page';

export default billListPage('purchaseBack');
