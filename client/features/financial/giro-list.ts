// The 转账单 list.
import { financialListView } from './components/financial-list';

export default financialListView('giro');
