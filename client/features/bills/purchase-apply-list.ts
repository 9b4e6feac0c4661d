// The 请购单 bill list (QGD).
import { billView } from './bill-spec';

export default billView('purchaseApply');
