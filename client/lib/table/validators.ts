// Validators of the original src/utils/validate.js.

export const isEmail = (s: string): boolean =>
  /^([a-zA-Z0-9._-])+@([a-zA-Z0-9_-])+((.[a-zA-Z0-9_-]{2,3}){1,2})$/.test(s);
export const isMobile = (s: string): boolean => /^1[0-9]{10}$/.test(s);
export const isPhone = (s: string): boolean => /^([0-9]{3,4}-)?[0-9]{7,8}$/.test(s);
export const isURL = (s: string): boolean => /^http[s]?:\/\/.*/.test(s);
export const isDecimalTwo = (s: string): boolean => /^[0-9]+(\.[0-9]{1,2})?$/.test(s);
/** The numeric check: digits with up to 3 decimals. */
export const isDecimalThree = (s: string): boolean => /^[0-9]+(\.[0-9]{1,3})?$/.test(s);
