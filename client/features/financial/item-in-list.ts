// The 收入单 list.
import { financialListView } from './components/financial-list';

export default financialListView('itemIn');
