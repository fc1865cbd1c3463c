import { dollars, FactsUsed } from './facts-parts';
import { Badge } from '../../../views/components/Badge';
import { page } from '../../access/page';
import type { Check, CheckStatus, ComplianceAnswer } from '../../rules/types';
import { formatDate } from '../../shared/dates';
import { DOCUMENT_TYPES } from '../../shared/documents';
import { FACT_LABELS } from '../../shared/facts';
import { pages } from '../../shared/paths';
import { checkCompliance } from '../actions';
import { CaseChooser, GivenFactsForm, RulesUsed, SourceLink, ToolHead } from './parts';
import { factsInput, loadTool, TOOL_READS, type ToolData, toolQuery } from './tool';

type ComplianceCheckerProps = ToolData<ComplianceAnswer>;

/** The four outcomes, in the order a lawyer reads them: what fails first. */
const GROUPS: Array<{ status: CheckStatus; title: string; tone: 'danger' | 'warning' | 'success' }> = [
  { status: 'fail', title: 'Failed', tone: 'danger' },
  { status: 'warn', title: 'Warnings', tone: 'warning' },
  { status: 'unknown', title: 'Unknown', tone: 'warning' },
  { status: 'pass', title: 'Passed', tone: 'success' },
];

/** /user/ai/compliance (Compliance Checker): a case's checks or those of facts given. */
function ComplianceCheckerPage(props: ComplianceCheckerProps) {
  const { answer, chosen } = props;
  const given = props.values !== undefined;
  return (
    <section className="section ai-page">
      <ToolHead
        title="Compliance Checker"
        lead="A case’s facts and documents against the rules for its form: eligibility, the I-864 income line, filing windows, passport validity, the filing fee and the evidence checklist. Each check cites its rule; an unknown check names the facts it still needs."
      />
      <h2 id="check-case">Check a case</h2>
      <CaseChooser
        id="compliance"
        action={pages.ai.compliance}
        pick={props.pick}
        asOf={props.asOf}
        submit="Check the case"
        error={given ? undefined : props.error}
      />
      {answer && (
        <Answer
          answer={answer}
          title={chosen ? `Checks of ${chosen.case.caseNumber}` : 'Checks of the facts given'}
        />
      )}
      {chosen && (
        <>
          <FactsUsed caseFacts={chosen.facts} />
          <p className="muted">
            {chosen.facts.documentTypes.length
              ? `Evidence on file (analyzed documents): ${chosen.facts.documentTypes.map((t) => DOCUMENT_TYPES[t]).join(', ')}.`
              : 'No analyzed document is on file for this case yet.'}
          </p>
        </>
      )}
      <GivenFactsForm
        id="compliance-facts"
        title="Check given facts"
        intro="Give the facts you have; a check whose facts are missing says which ones."
        action={pages.ai.compliance}
        submit="Check the facts"
        values={props.values}
        errors={props.errors}
        error={props.error}
      />
    </section>
  );
}

function Answer({ answer, title }: { answer: ComplianceAnswer; title: string }) {
  const { figures } = answer;
  const count = (status: CheckStatus) => answer.checks.filter((c) => c.status === status).length;
  return (
    <div className="ai-answer" id="answer">
      <h3>{`${title}, as of ${formatDate(answer.asOf)}`}</h3>
      <p className="ai-check-counts">
        {`${count('pass')} passed · ${count('fail')} failed · ${count('warn')} warning${count('warn') === 1 ? '' : 's'} · ${count('unknown')} unknown`}
      </p>
      {(figures.requiredIncome !== undefined || figures.filingFee !== undefined) && (
        <dl className="details ai-figures">
          {figures.requiredIncome !== undefined && (
            <div>
              <dt>I-864 required income</dt>
              <dd>
                {dollars(figures.requiredIncome)}
                {figures.povertyGuidelinePercent !== undefined &&
                  figures.povertyGuidelineYear !== undefined && (
                    <span className="muted">{` (${figures.povertyGuidelinePercent}% of the ${figures.povertyGuidelineYear} HHS poverty guideline, Form I-864P)`}</span>
                  )}
              </dd>
            </div>
          )}
          {figures.filingFee !== undefined && (
            <div>
              <dt>Filing fee</dt>
              <dd>
                {dollars(figures.filingFee)}
                {figures.feeScheduleDate && (
                  <span className="muted">{` (USCIS fee schedule G-1055 of ${formatDate(figures.feeScheduleDate)})`}</span>
                )}
              </dd>
            </div>
          )}
        </dl>
      )}
      {GROUPS.map((group) => {
        const checks = answer.checks.filter((c) => c.status === group.status);
        if (checks.length === 0) return null;
        return (
          <section key={group.status} className="ai-check-group" aria-labelledby={`checks-${group.status}`}>
            <h4 id={`checks-${group.status}`}>{`${group.title} (${checks.length})`}</h4>
            <ul className="ai-checks">
              {checks.map((check) => (
                <CheckItem key={check.id} check={check} tone={group.tone} label={group.title} />
              ))}
            </ul>
          </section>
        );
      })}
      {answer.checks.length === 0 && <p className="muted">No check applies to the facts given.</p>}
      <RulesUsed rules={answer.rules} />
    </div>
  );
}

function CheckItem({
  check,
  tone,
  label,
}: {
  check: Check;
  tone: 'danger' | 'warning' | 'success';
  label: string;
}) {
  return (
    <li className={`card ai-check ai-check-${check.status}`}>
      <p className="ai-check-head">
        <Badge status={label} tone={tone} /> <strong>{check.title}</strong>
      </p>
      <p>{check.message}</p>
      {check.missing && check.missing.length > 0 && (
        <p className="muted">{`Missing: ${check.missing.map((name) => FACT_LABELS[name]).join(', ')}.`}</p>
      )}
      <p className="muted ai-check-rule">
        <code>{check.ruleId}</code>
        {` · ${check.citation} · in force from ${formatDate(check.effectiveFrom)} · `}
        <SourceLink href={check.sourceUrl} label={check.citation} />
      </p>
    </li>
  );
}

export const compliancePage = page({
  path: pages.ai.compliance,
  reads: [...TOOL_READS, checkCompliance],
  query: toolQuery,
  load: (ctx) => loadTool<ComplianceAnswer>(ctx, checkCompliance),
  render: (tool) => ({
    view: <ComplianceCheckerPage {...tool} />,
    meta: {
      title: 'Compliance Checker',
      description: 'A case’s facts and documents against the rules for its form.',
      noindex: true,
    },
    status: tool.status,
  }),
  forms: [
    {
      action: checkCompliance,
      input: factsInput,
      done: (_ctx, answer: ComplianceAnswer) => ({ show: answer }),
    },
  ],
});
