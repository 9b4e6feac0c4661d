// Register page password rules, pure.

/** +1 for a digit, +1 for a letter, +1 for anything else. */
export function passwordLevel(value: string): number {
  let level = 0;
  if (/[0-9]/.test(value)) level++;
  if (/[a-zA-Z]/.test(value)) level++;
  if (/[^0-9a-zA-Z]/.test(value)) level++;
  return level;
}

export const USERNAME_PATTERN = /^(?=.*[a-z]).{4,}$/;
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*\d).{6,}$/;
