// Platform settings the shell reads (getPlatform/*, getInfoByKey): jsh_platform_config's value of one key.
import type { SandboxState } from './store.js';

export function platformValue(state: SandboxState, key: string): string | undefined {
  return state.platformConfigs.find((p) => p.platform_key === key)?.platform_value;
}
