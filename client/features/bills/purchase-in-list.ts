// The 采购 bill list (CGRK).
import { billView } from './bill-spec';

export default billView('purchaseIn');
