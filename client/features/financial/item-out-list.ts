// The 支出单 list.
import { financialView } from './financial-spec';

export default financialView('itemOut');
