// The 零售退货 bill list (LSTH).
import { billView } from './bill-spec';

export default billView('retailBack');
