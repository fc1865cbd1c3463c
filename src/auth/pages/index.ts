import { loginPage } from './login';

/** The /login page, with the sign-in form and the header's Logout. */
export const AUTH_PAGES = [loginPage];
