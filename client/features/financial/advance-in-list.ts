// The 收预付款 list.
import { financialView } from './financial-spec';

export default financialView('advanceIn');
