import { pages } from '../../src/shared/paths';
import { Icon } from '../../islands/ui/icon';
import { Island } from '../components/Island';
import LoginModal from '../../islands/LoginModal';
import { Logo } from '../components/Logo';
import { useRenderContext } from '../context';
import { useTranslation } from 'react-i18next';

/** Shown on every path but '/': the role's menu and greeting when signed in, else the Login button. */
export function Header() {
  const { user, csrfToken, path, branding, menu = [] } = useRenderContext();
  const { t } = useTranslation();
  // A client's header speaks their language, and offers the other one.
  const client = user?.role === 'client';
  const label = (item: { id: string; label: string }) => (client ? t(`chrome.menu.${item.id}`) : item.label);
  return (
    <header className="site-header">
      {branding?.logoHref ? (
        <a className="logo firm-logo" href="/">
          <img src={branding.logoHref} alt={branding.firmName} height={40} />
        </a>
      ) : (
        <Logo />
      )}
      {user ? (
        <>
          <nav className="role-menu" aria-label="Main">
            <ul>
              {menu.map((item) => (
                <li key={item.id}>
                  <a href={item.to} aria-current={path === item.to ? 'page' : undefined}>
                    <Icon name={item.icon} />
                    {label(item)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="account">
            <span className="welcome">
              {client
                ? t('chrome.welcome', { name: user.firstName })
                : `Welcome, ${user.firstName || 'User'} (${user.role})`}
            </span>
            {client && (
              <form method="post" action={pages.portal.language} className="language-switch">
                <input type="hidden" name="_csrf" value={csrfToken} />
                <input type="hidden" name="language" value={t('chrome.switchLanguage')} />
                <input type="hidden" name="back" value={path} />
                <button type="submit" className="btn btn-ghost" lang={t('chrome.switchLanguage')}>
                  {t('chrome.switchTo')}
                </button>
              </form>
            )}
            <a
              href={pages.account}
              className="btn btn-ghost"
              aria-current={path === pages.account ? 'page' : undefined}
            >
              {client ? t('chrome.account') : 'Account'}
            </a>
            <form method="post" action="/logout">
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit" className="btn btn-secondary">
                {client ? t('chrome.logout') : 'Logout'}
              </button>
            </form>
          </div>
        </>
      ) : (
        <div className="account">
          <Island of={LoginModal} props={{}} />
        </div>
      )}
    </header>
  );
}
