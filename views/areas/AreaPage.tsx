import type { MenuItem } from '../../src/shared/constants';
import { Icon } from '../../islands/ui/icon';
import { useRenderContext } from '../context';

const PURPOSE: Record<string, string> = {
  '/user/dashboard': 'Your cases, deadlines and recent activity at a glance.',
  '/user/cases': 'The cases assigned to you: open, edit and process them.',
  '/user/documents': 'Upload and organize case documents and USCIS forms.',
  '/user/forms': 'Generate family-based, employment-based and naturalization forms.',
  '/user/ai': 'Document analysis, brief drafting, compliance checks and deadline tracking.',
  '/admin/dashboard': "Your firm's users, cases, documents and services at a glance.",
  '/admin/users': "Add, approve and suspend your firm's users.",
  '/admin/cases': 'Every case of the firm: search, filter, create and assign.',
  '/admin/reports': 'Performance metrics and generated reports.',
  '/admin/settings': 'Firm information, security, email, backup and appearance.',
};

/** A screen of a signed-in area: its title and what it is for; the screen's tools live below it. */
export function AreaPage({ item }: { item: MenuItem }) {
  const { user } = useRenderContext();
  return (
    <section className="section">
      <h1 className="page-title">
        <Icon name={item.icon} />
        {item.label}
      </h1>
      <p className="lead">{PURPOSE[item.to]}</p>
      {item.id === 'dashboard' && user && <p>Signed in as {user.loginId}.</p>}
    </section>
  );
}
