import ActionsTable, { type ActionsTableProps } from '../../islands/ActionsTable';
import { Icon } from '../../islands/ui/icon';
import { Island } from '../components/Island';
import { useRenderContext } from '../context';

/** /reti/actions: the actions catalog, rendered with its rows so the first paint needs no fetch. */
export function ActionsPage(props: Omit<ActionsTableProps, 'csrfToken'>) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="section access-page">
      <h1 className="page-title">
        <Icon name="actions" />
        Actions Management
      </h1>
      <p className="lead">
        Every API endpoint the platform answers. A request is allowed only through an active action whose
        permissions grant the caller&apos;s role.
      </p>
      <Island of={ActionsTable} props={{ ...props, csrfToken }} trigger="idle" />
    </section>
  );
}
