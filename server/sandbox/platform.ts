// Platform and company settings the shell reads (getPlatform/*, getInfoByKey, getCurrentInfo).
import type { SandboxState } from './store.js';

/** The helpers these routes share across their controllers' files (routes/*.ts); made once per sandbox state. */
function makePlatformKit(state: SandboxState) {
  const value = (key: string): string | undefined =>
    state.platformConfigs.find((p) => p.platform_key === key)?.platform_value;

  // Bare String return values written as application/json: axios turns `1` into the number 1.
  const getters: [string, string, string][] = [
    ['name', 'platform_name', 'ERP系统'],
    ['url', 'platform_url', '#'],
    ['checkcodeFlag', 'checkcode_flag', ''],
    ['registerFlag', 'register_flag', ''],
    ['appVersion', 'app_version', ''],
  ];
  return { value, getters };
}

const kits = new WeakMap<SandboxState, ReturnType<typeof makePlatformKit>>();

export function platformKit(state: SandboxState): ReturnType<typeof makePlatformKit> {
  let kit = kits.get(state);
  if (!kit) {
    kit = makePlatformKit(state);
    kits.set(state, kit);
  }
  return kit;
}
