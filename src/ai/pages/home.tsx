import type { ReactNode } from 'react';
import { Icon } from '../../../islands/ui/icon';
import { page } from '../../access/page';
import { AI_TOOLS, type AiTool, BRIEF_TEMPLATES } from '../../shared/ai';
import { formatDate } from '../../shared/dates';
import { pages } from '../../shared/paths';
import { RULE_TABLE_KINDS, type RuleTable } from '../../shared/rule-tables';
import { listRuleTables } from '../../rule-tables/actions';

/** One of SPEC's cards: what the tool does, and its two buttons. */
function Card(props: {
  tool: AiTool;
  children: ReactNode;
  first: [string, string];
  second: [string, string];
}) {
  const titleId = `tool-${props.tool}`;
  return (
    <section className="card ai-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{AI_TOOLS[props.tool]}</h2>
      {props.children}
      <p className="ai-card-actions">
        <a className="btn btn-primary" href={props.first[1]}>
          {props.first[0]}
        </a>
        <a className="btn btn-secondary" href={props.second[1]}>
          {props.second[0]}
        </a>
      </p>
    </section>
  );
}

/** The tables platform staff added to or withdrew from the rules, newest first: what changed in the answers. */
function RuleUpdates({ tables }: { tables: RuleTable[] }) {
  return (
    <section className="card ai-rule-updates" aria-labelledby="rule-updates">
      <h2 id="rule-updates">Rule updates</h2>
      {tables.length === 0 ? (
        <p className="muted">
          No table has been added to the rules since this release: they use the editions they came with.
        </p>
      ) : (
        <ul className="ai-checks">
          {tables.map((t) => (
            <li key={t.id}>
              <strong>{`${RULE_TABLE_KINDS[t.kind]}: ${t.summary}`}</strong>
              {`, in force from ${formatDate(t.effectiveFrom)} (`}
              <a href={t.sourceUrl} rel="noreferrer noopener" target="_blank">
                {t.citation}
              </a>
              {')'}
              {t.withdrawnAt && `. Withdrawn: ${t.withdrawnReason ?? ''}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /user/ai (SPEC: cards Document Analysis, Legal Brief Generator, Compliance Checker, Deadline Tracker). */
function AiToolsPage({ updates }: { updates?: RuleTable[] }) {
  return (
    <section className="section ai-tools">
      <h1 className="page-title">
        <Icon name="ai" />
        AI Tools
      </h1>
      <p className="lead">
        Every date, figure and citation here comes from the case and from dated, cited rules, never from a
        language model; each answer lists the rules it used.
      </p>
      <div className="ai-cards">
        <Card
          tool="document-analysis"
          first={['Choose a document', pages.ai.documents]}
          second={['Upload a document', `${pages.documents('user').list}#upload-title`]}
        >
          <p>
            What an uploaded document is, the dates and numbers it holds, and what a lawyer should act on.
          </p>
        </Card>
        <Card
          tool="brief-generator"
          first={['Draft a brief', pages.ai.brief]}
          second={[BRIEF_TEMPLATES['rfe-response'], `${pages.ai.brief}?template=rfe-response`]}
        >
          <p>
            Letters to USCIS and to clients drafted from the case file, each with a review sheet of what is
            missing: cover letters, RFE and NOID responses, marriage evidence summaries, expedite and
            biometrics requests, client letters in English or Spanish.
          </p>
        </Card>
        <Card
          tool="compliance-checker"
          first={['Check a case', `${pages.ai.compliance}#check-case`]}
          second={['Check given facts', `${pages.ai.compliance}#facts`]}
        >
          <p>
            Eligibility, the I-864 income line, filing windows, passport validity, the filing fee and the
            evidence still missing, for the case’s form.
          </p>
        </Card>
        <Card
          tool="deadline-tracker"
          first={['Track a case’s deadlines', `${pages.ai.deadlines}#track-case`]}
          second={['Calculate from dates', `${pages.ai.deadlines}#facts`]}
        >
          <p>
            RFE and NOID responses, appeals, the I-751 window, N-400 early filing, EAD renewal and passport
            expiry, in your calendar and reminded by email.
          </p>
        </Card>
      </div>
      {updates && <RuleUpdates tables={updates} />}
    </section>
  );
}

export const aiHomePage = page({
  path: pages.ai.home,
  // The cards hold no firm data: each tool's page reads its own. The rule updates are platform data.
  reads: [],
  parts: { updates: listRuleTables },
  menu: { role: 'user', order: 5, id: 'ai', label: 'AI Tools', icon: 'ai' },
  async load(ctx) {
    if (ctx.closed.updates) return { updates: undefined };
    const { tables } = await ctx.read(listRuleTables);
    return { updates: tables.filter((t) => !t.builtIn).slice(0, 20) };
  },
  render: ({ updates }) => ({
    view: <AiToolsPage updates={updates} />,
    meta: {
      title: 'AI Tools',
      description: 'Document analysis, brief drafting, compliance checks and deadline tracking.',
      noindex: true,
    },
  }),
});
