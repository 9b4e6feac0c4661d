// The MaterialAttributeList page.
import { materialView } from './material-specs';

export default materialView('attribute');
