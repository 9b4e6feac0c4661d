// The 转账单 list.
import { financialView } from './financial-spec';

export default financialView('giro');
