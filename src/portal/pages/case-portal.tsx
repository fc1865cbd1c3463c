import { Alert, Field, SelectField, TextAreaField } from '../../../islands/ui/form';
import { Badge } from '../../../views/components/Badge';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import type { FormDone, Refusal } from '../../access/action';
import { type PageContext, page, type PageFormState } from '../../access/page';
import { getCase } from '../../cases/actions';
import type { CaseArea } from '../../../islands/ui/cases';
import { areaOf, inBothAreas, meta } from '../../cases/pages/area';
import type { CaseDetail } from '../../shared/cases';
import { LANGUAGE_LABELS } from '../../shared/people';
import { pages } from '../../shared/paths';
import {
  DOCUMENT_REQUEST_STATUS_LABELS,
  type DocumentRequest,
  PORTAL_MESSAGES,
  type PortalAccountStatus,
  type PortalMessage,
} from '../../shared/portal';
import {
  acceptDocumentRequest,
  getPortalAccounts,
  inviteClient,
  listCaseMessages,
  listDocumentRequests,
  requestDocument,
  returnDocumentRequest,
  sendCaseMessage,
} from '../actions';

type Data = {
  record: CaseDetail;
  accounts: PortalAccountStatus[];
  requests: DocumentRequest[];
  messages: PortalMessage[];
};

type Props = Data & {
  area: CaseArea;
  closed: Record<string, string | undefined>;
  form?: PageFormState;
};

const accountWords = (a: PortalAccountStatus['account']) =>
  !a
    ? 'No portal account'
    : a.status === 'pending'
      ? `Invited as ${a.loginId}: not accepted yet`
      : `Active: ${a.loginId}`;

/** A refused form's words and fields, when it is this form's. */
const refusedOf = (form: PageFormState | undefined, name: string): Refusal | undefined =>
  form?.action === name ? form.refusal : undefined;
const typedOf = (form: PageFormState | undefined, name: string, field: string) =>
  form?.action === name && typeof form.values[field] === 'string'
    ? (form.values[field] as string)
    : undefined;

function Accounts({ area, record, accounts, closed, form }: Props) {
  const { csrfToken } = useRenderContext();
  const refusal = refusedOf(form, inviteClient.name);
  return (
    <section aria-labelledby="portal-accounts" className="card">
      <h2 id="portal-accounts">Portal accounts</h2>
      {refusal && <Alert kind="error">{refusal.message}</Alert>}
      {closed.invite && <p className="muted">{closed.invite}</p>}
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Person</th>
              <th scope="col">Email</th>
              <th scope="col">Language</th>
              <th scope="col">Portal</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.personId}>
                <th scope="row">
                  <a href={pages.cases(area).person(a.personId)}>{a.name}</a>
                </th>
                <td>{a.email ?? 'None on record'}</td>
                <td>{LANGUAGE_LABELS[a.language]}</td>
                <td>
                  {accountWords(a.account)}
                  {a.account?.lastLoginAt && (
                    <>
                      {' · last signed in '}
                      <DateTimeText value={a.account.lastLoginAt} />
                    </>
                  )}
                  {!a.account && !a.email && (
                    <p className="muted">Add an email to their record to invite them.</p>
                  )}
                  {!a.account && a.email && (
                    <form
                      method="post"
                      action={pages.cases(area).portalInvite(record.id)}
                      className="inline-form"
                    >
                      <input type="hidden" name="_csrf" value={csrfToken} />
                      <input type="hidden" name="personId" value={a.personId} />
                      <button
                        type="submit"
                        className="btn btn-secondary"
                        disabled={Boolean(closed.invite)}
                        aria-label={`Invite ${a.name} to the portal`}
                      >
                        Invite to Portal
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Whom a request or message is for: the people of the case, those with a portal sign-in first. */
function PersonField(props: {
  id: string;
  label: string;
  accounts: PortalAccountStatus[];
  form?: PageFormState;
  action: { name: string };
}) {
  const { accounts, form, action } = props;
  const options = [...accounts.filter((a) => a.account), ...accounts.filter((a) => !a.account)].map((a) => ({
    value: a.personId,
    label: `${a.name}${a.account ? '' : ' (no portal account yet)'}`,
  }));
  return (
    <SelectField
      id={props.id}
      name="personId"
      label={props.label}
      options={options}
      defaultValue={typedOf(form, action.name, 'personId')}
      error={refusedOf(form, action.name)?.fields?.personId}
    />
  );
}

function Requests({ area, record, accounts, requests, closed, form }: Props) {
  const { csrfToken } = useRenderContext();
  const refusal = refusedOf(form, requestDocument.name);
  const decided = refusedOf(form, acceptDocumentRequest.name) ?? refusedOf(form, returnDocumentRequest.name);
  const nameOf = (personId: string) => accounts.find((a) => a.personId === personId)?.name ?? '';
  const paths = pages.cases(area);
  return (
    <section aria-labelledby="portal-requests" className="card" id="requests">
      <h2 id="portal-requests">Document requests</h2>
      {decided && <Alert kind="error">{decided.message}</Alert>}
      {requests.length === 0 ? (
        <p>No document has been requested from the clients of this case.</p>
      ) : (
        <ul className="portal-list">
          {requests.map((r) => (
            <li key={r.id}>
              <h3>{r.title}</h3>
              <p>
                <Badge
                  status={r.status}
                  label={DOCUMENT_REQUEST_STATUS_LABELS[r.status]}
                  tone={r.status === 'accepted' ? 'success' : r.status === 'uploaded' ? 'info' : 'warning'}
                />{' '}
                {`asked of ${nameOf(r.personId)}, `}
                <DateTimeText value={r.requestedAt} />
              </p>
              {r.note && <p>{r.note}</p>}
              {r.reason && r.status === 'returned' && <p>{`Returned: ${r.reason}`}</p>}
              {r.document && (
                <p>
                  <a href={pages.documents(area).view(r.document.id)}>{r.document.name}</a>
                </p>
              )}
              {r.status === 'uploaded' && (
                <div className="request-decision">
                  <form method="post" action={paths.requestAccept(record.id, r.id)} className="inline-form">
                    <input type="hidden" name="_csrf" value={csrfToken} />
                    <button type="submit" className="btn btn-primary" disabled={Boolean(closed.accept)}>
                      Accept
                    </button>
                  </form>
                  <form method="post" action={paths.requestReturn(record.id, r.id)} className="form">
                    <input type="hidden" name="_csrf" value={csrfToken} />
                    <TextAreaField
                      id={`return-${r.id}`}
                      name="reason"
                      label="Why it is returned (the client reads this)"
                      rows={2}
                      required
                    />
                    <button type="submit" className="btn btn-secondary" disabled={Boolean(closed.return)}>
                      Return to Client
                    </button>
                  </form>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={paths.portalRequest(record.id)} className="form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <h3>Request a document</h3>
        {refusal && <Alert kind="error">{refusal.message}</Alert>}
        <fieldset className="plain-fieldset" disabled={Boolean(closed.request)}>
          <legend className="visually-hidden">Request a document</legend>
          <PersonField
            id="request-person"
            label="From"
            accounts={accounts}
            form={form}
            action={requestDocument}
          />
          <Field
            id="request-title"
            name="title"
            label="Document"
            required
            maxLength={200}
            defaultValue={typedOf(form, requestDocument.name, 'title')}
            error={refusal?.fields?.title}
          />
          <TextAreaField
            id="request-note"
            name="note"
            label="Note to the client"
            rows={2}
            defaultValue={typedOf(form, requestDocument.name, 'note')}
            error={refusal?.fields?.note}
          />
          <button type="submit" className="btn btn-primary">
            Request Document
          </button>
        </fieldset>
        {closed.request && <p className="muted">{closed.request}</p>}
      </form>
    </section>
  );
}

function Messages({ area, record, accounts, messages, closed, form }: Props) {
  const { csrfToken } = useRenderContext();
  const refusal = refusedOf(form, sendCaseMessage.name);
  const nameOf = (personId: string) => accounts.find((a) => a.personId === personId)?.name ?? '';
  return (
    <section aria-labelledby="portal-messages" className="card" id="messages">
      <h2 id="portal-messages">Messages</h2>
      {messages.length === 0 ? (
        <p>No messages with the clients of this case yet.</p>
      ) : (
        <ol className="message-thread">
          {messages.map((m) => (
            <li key={m.id} className={m.fromClient ? 'message theirs' : 'message mine'}>
              <p className="message-meta">
                <strong>
                  {m.fromClient ? nameOf(m.personId) : `${m.author ?? 'The firm'} to ${nameOf(m.personId)}`}
                </strong>{' '}
                <DateTimeText value={m.sentAt} />
              </p>
              <p className="message-body">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form method="post" action={pages.cases(area).portalMessage(record.id)} className="form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        {refusal && <Alert kind="error">{refusal.message}</Alert>}
        <fieldset className="plain-fieldset" disabled={Boolean(closed.send)}>
          <legend className="visually-hidden">Write to a client</legend>
          <PersonField
            id="message-person"
            label="To"
            accounts={accounts}
            form={form}
            action={sendCaseMessage}
          />
          <TextAreaField
            id="message-body"
            name="body"
            label="Message"
            hint="The client is emailed that a message waits in their portal; the email does not include it."
            rows={4}
            required
            defaultValue={typedOf(form, sendCaseMessage.name, 'body')}
            error={refusal?.fields?.body}
            wide
          />
          <button type="submit" className="btn btn-primary">
            Send Message
          </button>
        </fieldset>
      </form>
    </section>
  );
}

function CasePortalPage(props: Props) {
  const paths = pages.cases(props.area);
  return (
    <section className="section">
      <p className="back-link">
        <a href={paths.view(props.record.id)}>{`← Back to case ${props.record.caseNumber}`}</a>
      </p>
      <h1 className="page-title">{`Client portal: case ${props.record.caseNumber}`}</h1>
      <p className="muted">
        Clients see only their own matters: each one's status in plain words, their questionnaires, the
        documents asked of them and their messages with the firm. Never internal notes, other people's records
        or SSNs.
      </p>
      <Accounts {...props} />
      <Requests {...props} />
      <Messages {...props} />
    </section>
  );
}

const back = (ctx: PageContext, anchor: string, flash: string): FormDone => ({
  to: `${pages.cases(areaOf(ctx.actor)).portal(ctx.params.id)}${anchor ? `#${anchor}` : ''}`,
  flash,
});

/** /{area}/cases/{id}/portal: the case's clients, their portal accounts, requests and messages. */
export const casePortalPage = page({
  path: inBothAreas((p) => p.portal(':id')),
  reads: [getCase, getPortalAccounts, listDocumentRequests, listCaseMessages],
  offers: {
    invite: inviteClient,
    request: requestDocument,
    accept: acceptDocumentRequest,
    return: returnDocumentRequest,
    send: sendCaseMessage,
  },
  params: { requestId: /^[0-9a-f-]{36}$/i },
  load: async ({ read, params }) => {
    const args = { params: { id: params.id } };
    const [record, accounts, requests, messages] = await Promise.all([
      read(getCase, args),
      read(getPortalAccounts, args),
      read(listDocumentRequests, args),
      read(listCaseMessages, args),
    ]);
    return { record, accounts, requests, messages };
  },
  render: (data: Data, ctx) => ({
    view: <CasePortalPage {...data} area={areaOf(ctx.actor)} closed={ctx.closed} form={ctx.form} />,
    meta: meta(`Client portal: case ${data.record.caseNumber}`, "A case's clients in the portal."),
  }),
  forms: [
    {
      action: inviteClient,
      path: inBothAreas((p) => p.portalInvite(':id')),
      done: (ctx, added: { user: { userId: string; firstName: string; lastName: string } }) =>
        back(
          ctx,
          '',
          PORTAL_MESSAGES.invited(`${added.user.firstName} ${added.user.lastName}`.trim(), added.user.userId),
        ),
    },
    {
      action: requestDocument,
      path: inBothAreas((p) => p.portalRequest(':id')),
      done: (ctx) => back(ctx, 'requests', PORTAL_MESSAGES.requested),
    },
    {
      action: acceptDocumentRequest,
      path: inBothAreas((p) => p.requestAccept(':id', ':requestId')),
      done: (ctx) => back(ctx, 'requests', PORTAL_MESSAGES.accepted),
    },
    {
      action: returnDocumentRequest,
      path: inBothAreas((p) => p.requestReturn(':id', ':requestId')),
      done: (ctx) => back(ctx, 'requests', PORTAL_MESSAGES.returned),
    },
    {
      action: sendCaseMessage,
      path: inBothAreas((p) => p.portalMessage(':id')),
      done: (ctx) => back(ctx, 'messages', PORTAL_MESSAGES.sent),
    },
  ],
});

export const CASE_PORTAL_PAGES = [casePortalPage];
