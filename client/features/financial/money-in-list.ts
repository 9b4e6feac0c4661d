// The 收款单 list.
import { financialView } from './financial-spec';

export default financialView('moneyIn');
