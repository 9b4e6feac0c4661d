// The 其它 bill list (QTCK).
import { billView } from './bill-spec';

export default billView('otherOut');
