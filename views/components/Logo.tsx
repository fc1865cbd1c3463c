import { PRODUCT_NAME } from '../../src/shared/constants';

export function Logo() {
  return (
    <a className="logo" href="/" aria-label={`${PRODUCT_NAME} home`}>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#1d4ed8" />
        <path d="M10 23V9h7a4.5 4.5 0 0 1 0 9h-7m7 0l5 5" fill="none" stroke="#fff" strokeWidth="2.5" />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </a>
  );
}
