// Passwords travel as lowercase md5 hex (what jshERP-boot stores and compares).
import { md5 } from 'js-md5';

export function md5Hex(text: string): string {
  return md5(text);
}
