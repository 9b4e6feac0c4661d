// A value from the backend or a form shown or sent as text: null and undefined are '' (never "null"). Pure.
export const textOf = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
