// The 收入单 list.
import { financialView } from './financial-spec';

export default financialView('itemIn');
