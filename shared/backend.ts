// What the shell, the gateway and the sandbox share about jshERP-boot's wire: its context path (server.servlet
// .context-path), the login and logout calls, and the msgTip of a login that succeeded (UserService.login).
export const CONTEXT_PATH = '/jshERP-boot';
export const LOGIN_PATH = `${CONTEXT_PATH}/user/login`;
export const LOGOUT_PATH = `${CONTEXT_PATH}/user/logout`;
export const LOGIN_OK_TIP = 'user can login';
