// The PluginList page.
import { systemView } from './system-specs';

export default systemView('plugin');
