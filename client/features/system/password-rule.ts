// The original's password rule (user form and 重置密码): at least one digit and one lowercase letter, six characters or more.
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*\d).{6,}$/;
