import { MENUS } from '../../src/menus';
import { pages } from '../../src/shared/paths';
import { Icon } from '../../islands/ui/icon';
import { Island } from '../components/Island';
import LoginModal from '../../islands/LoginModal';
import { Logo } from '../components/Logo';
import { useRenderContext } from '../context';

/** Shown on every path but '/': the role's menu and greeting when signed in, else the Login button. */
export function Header() {
  const { user, csrfToken, path, branding } = useRenderContext();
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
              {MENUS()[user.role].map((item) => (
                <li key={item.id}>
                  <a href={item.to} aria-current={path === item.to ? 'page' : undefined}>
                    <Icon name={item.icon} />
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="account">
            <span className="welcome">{`Welcome, ${user.firstName || 'User'} (${user.role})`}</span>
            <a
              href={pages.account}
              className="btn btn-ghost"
              aria-current={path === pages.account ? 'page' : undefined}
            >
              Account
            </a>
            <form method="post" action="/logout">
              <input type="hidden" name="_csrf" value={csrfToken} />
              <button type="submit" className="btn btn-secondary">
                Logout
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
