import PermissionGrid, { type PermissionGridProps } from '../../islands/PermissionGrid';
import { Icon } from '../../islands/ui/icon';
import { Island } from '../components/Island';
import { useRenderContext } from '../context';

/** /reti/role-management: the permission matrix, rendered with its rows so the first paint needs no fetch. */
export function RoleManagementPage(props: Omit<PermissionGridProps, 'csrfToken'>) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="section access-page">
      <h1 className="page-title">
        <Icon name="roles" />
        Role Management
      </h1>
      <p className="lead">
        Which role may read, write and delete through each action. A saved row is enforced at once, on every
        request.
      </p>
      <Island of={PermissionGrid} props={{ ...props, csrfToken }} trigger="idle" />
    </section>
  );
}
