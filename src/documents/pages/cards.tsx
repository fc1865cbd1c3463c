import type { ReactNode } from 'react';
import {
  CARD_FORMS,
  DOCUMENT_CATEGORIES,
  type DocumentCategory,
  type DocumentCounts,
} from '../../shared/documents';
import { pages } from '../../shared/paths';
import { type DocumentArea, documentListPath } from '../../../islands/ui/documents';

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'document' : 'documents'}`;

/** One of SPEC's cards: its real count, leading to the list filtered to it. */
function Card(props: {
  area: DocumentArea;
  category: DocumentCategory;
  title: string;
  count: number;
  children?: ReactNode;
}) {
  const { area, category, title, count } = props;
  const titleId = `card-${category}`;
  return (
    <section className="card document-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="document-card-count">
        <a href={documentListPath(area, { category })} aria-label={`${plural(count)} in ${title}`}>
          <span className="stat-value">{count.toLocaleString('en-US')}</span>
          <span className="muted">{count === 1 ? ' document' : ' documents'}</span>
        </a>
      </p>
      {props.children}
    </section>
  );
}

/** SPEC's cards of the Documents screen: USCIS Forms (naming its forms), Legal Briefs, Evidence Package. */
export function DocumentCards({ area, counts }: { area: DocumentArea; counts: DocumentCounts }) {
  return (
    <div className="document-cards">
      <Card
        area={area}
        category="uscis-form"
        title={DOCUMENT_CATEGORIES['uscis-form']}
        count={counts['uscis-form']}
      >
        <ul className="document-card-forms" aria-label="Forms">
          {CARD_FORMS.map((form) => (
            <li key={form}>{form}</li>
          ))}
        </ul>
      </Card>
      <Card
        area={area}
        category="legal-brief"
        title={DOCUMENT_CATEGORIES['legal-brief']}
        count={counts['legal-brief']}
      >
        <p className="muted">Briefs, cover letters and declarations filed with a case.</p>
      </Card>
      <Card area={area} category="evidence" title="Evidence Package" count={counts.evidence}>
        <p>
          <a className="btn btn-secondary btn-small" href={pages.documents(area).evidence}>
            Build Evidence Package
          </a>
        </p>
      </Card>
    </div>
  );
}
