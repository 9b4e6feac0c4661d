// The 采购退货 bill list (CGTH).
import { billView } from './bill-spec';

export default billView('purchaseBack');
