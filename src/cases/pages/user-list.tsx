import CasesTable, { type CasesTableProps } from '../../../islands/CasesTable';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';

export type UserCasesPageProps = Omit<CasesTableProps, 'area' | 'csrfToken'>;

/**
 * /user/cases (SPEC "Cases"): New Case, Import Cases, Export Data; the cases with Edit and Process. All of
 * it is the CasesTable island: served as plain links and forms, it searches and processes in place once live.
 */
export function CasesPage(props: UserCasesPageProps) {
  const { csrfToken = '' } = useRenderContext();
  return (
    <section className="section cases-page">
      <Island of={CasesTable} props={{ ...props, area: 'user', csrfToken }} />
    </section>
  );
}
