import type { SVGProps } from 'react';
import { PRODUCT_NAME } from '../../src/shared/constants';

/** The mark alone: drawn inline by the logo, and the source of the site icons (scripts/favicon.ts). */
export function LogoMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 32 32" {...props}>
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M10 23V9h7a4.5 4.5 0 0 1 0 9h-7m7 0l5 5" fill="none" stroke="#fff" strokeWidth="2.5" />
    </svg>
  );
}

export function Logo() {
  return (
    <a className="logo" href="/" aria-label={`${PRODUCT_NAME} home`}>
      <LogoMark width="28" height="28" aria-hidden="true" focusable="false" />
      <span>{PRODUCT_NAME}</span>
    </a>
  );
}
