import type { ReactNode } from 'react';
import { Footer } from '../components/Footer';
import { useRenderContext } from '../context';
import { Header } from './Header';

/** Every page but '/': the header, the page's main content, the footer. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main">
        <FlashMessage />
        {children}
      </main>
      <Footer />
    </>
  );
}

/** '/': no header and no Login, just the page and the footer. */
export function BareLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <main id="main">{children}</main>
      <Footer />
    </>
  );
}

/** The outcome of the form that led here, once. */
function FlashMessage() {
  const { flash } = useRenderContext();
  if (!flash) return null;
  return (
    <p className={`alert alert-${flash.kind} flash`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {flash.message}
    </p>
  );
}
