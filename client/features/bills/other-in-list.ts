// The 其它 bill list (QTRK).
import { billView } from './bill-spec';

export default billView('otherIn');
