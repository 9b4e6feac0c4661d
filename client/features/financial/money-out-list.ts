// The 付款单 list.
import { financialView } from './financial-spec';

export default financialView('moneyOut');
