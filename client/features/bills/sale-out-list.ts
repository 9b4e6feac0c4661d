// The 销售 bill list (XSCK).
import { billView } from './bill-spec';

export default billView('saleOut');
