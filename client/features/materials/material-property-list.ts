// The MaterialPropertyList page.
import { materialView } from './material-specs';

export default materialView('property');
