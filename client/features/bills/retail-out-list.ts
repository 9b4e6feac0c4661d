// The 零售 bill list (LSCK).
import { billView } from './bill-spec';

export default billView('retailOut');
