// The 采购 bill list (CGRK).
import { billListPage } from './bill-list-page';

export default billListPage('purchaseIn');
