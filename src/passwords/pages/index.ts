import { forgotPage } from './forgot';
import { resetPage } from './reset';

/** "Forgot password?" and the page a reset link opens. */
export const PASSWORD_PAGES = [forgotPage, resetPage];
