import { useTranslation } from 'react-i18next';
import RequestUpload from '../../../islands/RequestUpload';
import { Alert, TextAreaField } from '../../../islands/ui/form';
import { Icon } from '../../../islands/ui/icon';
import { Badge } from '../../../views/components/Badge';
import { DateText, DateTimeText } from '../../../views/components/Dates';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';
import type { FormDone, Refusal } from '../../access/action';
import { page } from '../../access/page';
import { meta } from '../../cases/pages/area';
import { todayIn } from '../../shared/dates';
import { wordsIn } from '../../shared/i18n';
import type { Language } from '../../shared/people';
import { pages } from '../../shared/paths';
import type { DocumentRequest, PortalMessage } from '../../shared/portal';
import {
  getMyMatter,
  getPortalMe,
  listMyMatters,
  sendMyMessage,
  setMyLanguage,
  uploadRequestedDocument,
} from '../actions';
import type { PortalMatter, PortalMe } from '../service';
import { CASE_PORTAL_PAGES } from './case-portal';
import { portalQuestionnairePage } from './questionnaire';
import { portalReader } from './reader';

/** How a request's or questionnaire's status looks: what waits for the client stands out. */
const TONE = {
  requested: 'warning',
  returned: 'danger',
  uploaded: 'info',
  accepted: 'success',
  sent: 'warning',
  'in-progress': 'warning',
  submitted: 'info',
  draft: 'neutral',
} as const;
const Status = ({ status, label }: { status: keyof typeof TONE; label: string }) => (
  <Badge status={status} label={label} tone={TONE[status]} />
);

/** The day an instant fell on, in the firm's time zone (11/23/2026). */
function DayOf({ value }: { value: string }) {
  const { timeZone } = useRenderContext();
  return <DateText value={todayIn(timeZone, new Date(value))} />;
}

function MatterCard({ matter }: { matter: PortalMatter }) {
  const { t } = useTranslation();
  const open = matter.questionnaires.filter((q) => q.status === 'sent' || q.status === 'in-progress').length;
  const requested = matter.requests.filter((r) => r.status === 'requested' || r.status === 'returned').length;
  const title = t('matter.form', { code: matter.form.code, title: matter.form.title });
  return (
    <li className="card portal-matter">
      <h2>
        <a href={pages.portal.matter(matter.id)} aria-label={t('home.open', { title })}>
          {title}
        </a>
      </h2>
      <p className="muted">{t('matter.caseNumber', { number: matter.caseNumber })}</p>
      <p>{t(`matter.status.${matter.status}`)}</p>
      <ul className="portal-todo">
        {open > 0 && <li>{t('home.questionnairesOpen', { count: open })}</li>}
        {requested > 0 && <li>{t('home.requestsOpen', { count: requested })}</li>}
        {matter.messages.length > 0 && <li>{t('home.messages', { count: matter.messages.length })}</li>}
        {open === 0 && requested === 0 && <li>{t('home.nothingToDo')}</li>}
      </ul>
    </li>
  );
}

function HomePage({ me, matters }: { me: PortalMe; matters: PortalMatter[] }) {
  const { t } = useTranslation();
  return (
    <section className="section portal">
      <h1 className="page-title">
        <Icon name="cases" />
        {t('home.title')}
      </h1>
      <p>{t('home.intro', { firm: me.firmName })}</p>
      {matters.length === 0 ? (
        <p className="card">{t('home.none', { firm: me.firmName })}</p>
      ) : (
        <ul className="portal-matters">
          {matters.map((m) => (
            <MatterCard key={m.id} matter={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Questionnaires({ matter }: { matter: PortalMatter }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="portal-questionnaires" className="card">
      <h2 id="portal-questionnaires">{t('questionnaires.title')}</h2>
      {matter.questionnaires.length === 0 ? (
        <p>{t('questionnaires.none')}</p>
      ) : (
        <ul className="portal-list">
          {matter.questionnaires.map((q) => {
            const open = q.status === 'sent' || q.status === 'in-progress';
            return (
              <li key={q.id}>
                <h3 lang={q.language}>{q.title}</h3>
                <p>
                  <Status status={q.status} label={t(`questionnaires.status.${q.status}`)} />{' '}
                  {t('questionnaires.progress', q.progress)}
                </p>
                {q.note && <Alert kind="error">{t('questionnaires.askedAgain', { note: q.note })}</Alert>}
                <a
                  className={open ? 'btn btn-primary' : 'btn btn-secondary'}
                  href={pages.portal.questionnaire(q.id)}
                >
                  {open
                    ? t(q.progress.answered > 0 ? 'questionnaires.continue' : 'questionnaires.start')
                    : t('questionnaires.view')}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Requests(props: { matter: PortalMatter; refused?: { requestId: string; message: string } }) {
  const { t } = useTranslation();
  const { csrfToken = '' } = useRenderContext();
  const { matter } = props;
  const words = {
    file: t('requests.file'),
    fileHint: t('requests.fileHint'),
    upload: t('requests.upload'),
    uploading: t('requests.uploading', { percent: '{{percent}}' }),
    failed: t('requests.failed'),
  };
  return (
    <section aria-labelledby="portal-requests" className="card" id="requests">
      <h2 id="portal-requests">{t('requests.title')}</h2>
      {matter.requests.length === 0 ? (
        <p>{t('requests.none')}</p>
      ) : (
        <ul className="portal-list">
          {matter.requests.map((r: DocumentRequest) => (
            <li key={r.id} id={`request-${r.id}`}>
              <h3>{r.title}</h3>
              <p>
                <Status status={r.status} label={t(`requests.status.${r.status}`)} />{' '}
                <span className="muted">
                  {t('requests.requestedOn', { date: '' })}
                  <DayOf value={r.requestedAt} />
                </span>
              </p>
              {r.note && <p>{r.note}</p>}
              {r.status === 'returned' && r.reason && (
                <Alert kind="error">{t('requests.returnedBecause', { reason: r.reason })}</Alert>
              )}
              {r.document && <p className="muted">{t('requests.uploadedFile', { name: r.document.name })}</p>}
              {(r.status === 'requested' || r.status === 'returned' || r.status === 'uploaded') && (
                <Island
                  of={RequestUpload}
                  trigger="idle"
                  props={{
                    caseId: matter.id,
                    requestId: r.id,
                    action: pages.portal.upload(matter.id, r.id),
                    csrfToken,
                    words,
                    error: props.refused?.requestId === r.id ? props.refused.message : undefined,
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Messages(props: { matter: PortalMatter; me: PortalMe; typed?: string; error?: string }) {
  const { t } = useTranslation();
  const { csrfToken } = useRenderContext();
  const { matter, me } = props;
  return (
    <section aria-labelledby="portal-messages" className="card" id="messages">
      <h2 id="portal-messages">{t('messages.title')}</h2>
      {matter.messages.length === 0 ? (
        <p>{t('messages.none')}</p>
      ) : (
        <ol className="message-thread">
          {matter.messages.map((m: PortalMessage) => (
            <li key={m.id} className={m.fromClient ? 'message mine' : 'message theirs'}>
              <p className="message-meta">
                <strong>
                  {m.fromClient
                    ? t('messages.you')
                    : t('messages.firm', { name: m.author ?? me.firmName, firm: me.firmName })}
                </strong>{' '}
                <DateTimeText value={m.sentAt} />
              </p>
              <p className="message-body">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form method="post" action={pages.portal.messages(matter.id)} className="form">
        <input type="hidden" name="_csrf" value={csrfToken} />
        <TextAreaField
          id="message-body"
          name="body"
          label={t('messages.label')}
          hint={t('messages.hint')}
          rows={4}
          required
          defaultValue={props.typed}
          error={props.error}
          wide
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            {t('messages.send')}
          </button>
        </div>
      </form>
    </section>
  );
}

function MatterPage(props: {
  me: PortalMe;
  matter: PortalMatter;
  refusedUpload?: { requestId: string; message: string };
  typed?: string;
  messageError?: string;
}) {
  const { t } = useTranslation();
  const { matter } = props;
  const roles = [...new Set(matter.roles)].map((r) => t(`roles.${r}`)).join(', ');
  return (
    <section className="section portal">
      <p className="back-link">
        <a href={pages.portal.home}>{t('matter.back')}</a>
      </p>
      <h1 className="page-title">{t('matter.form', { code: matter.form.code, title: matter.form.title })}</h1>
      <p className="muted">
        {t('matter.caseNumber', { number: matter.caseNumber })} · {t('matter.yourRole', { role: roles })}
      </p>
      <section aria-labelledby="portal-status" className="card">
        <h2 id="portal-status">{t('matter.statusTitle')}</h2>
        <p>{t(`matter.status.${matter.status}`)}</p>
      </section>
      <Questionnaires matter={matter} />
      <Requests matter={matter} refused={props.refusedUpload} />
      <Messages matter={matter} me={props.me} typed={props.typed} error={props.messageError} />
    </section>
  );
}

/** A refusal's words: its message, then each field's own that it does not repeat. */
const wordsOf = (refusal: Refusal | undefined) =>
  refusal
    ? [
        refusal.message,
        ...Object.values(refusal.fields ?? {}).filter((m) => m && m !== refusal.message),
      ].join(' ')
    : undefined;

/** /portal: the client's matters, each with what waits for them. */
export const portalHomePage = page({
  path: pages.portal.home,
  reads: [getPortalMe, listMyMatters],
  menu: { role: 'client', order: 1, id: 'matters', label: 'My Matters', icon: 'cases' },
  load: async (ctx) => {
    const me = await portalReader(ctx);
    return { me, matters: await ctx.read(listMyMatters) };
  },
  render: (data: { me: PortalMe; matters: PortalMatter[] }) => ({
    view: <HomePage {...data} />,
    meta: meta(wordsIn(data.me.language)('home.title'), wordsIn(data.me.language)('home.description')),
    language: data.me.language,
  }),
  forms: [
    {
      // The header's language switch, on every page of a client: back to the page it was pressed on.
      action: setMyLanguage,
      path: pages.portal.language,
      done: (ctx, { language }: { language: Language }): FormDone => {
        if (ctx.req.session.user) ctx.req.session.user.language = language;
        const back = typeof ctx.req.body?.back === 'string' ? ctx.req.body.back : '';
        const safe = /^\/(portal|account)(\/[\w/-]*)?$/.test(back) ? back : pages.portal.home;
        return { to: safe, flash: wordsIn(language)('chrome.languageSaved') };
      },
    },
  ],
});

/** /portal/matters/{id}: one matter, its status in plain words, questionnaires, requests and messages. */
export const portalMatterPage = page({
  path: pages.portal.matter(':id'),
  reads: [getPortalMe, getMyMatter],
  params: { requestId: /^[0-9a-f-]{36}$/i },
  load: async (ctx) => {
    const me = await portalReader(ctx);
    const matter = await ctx.read(getMyMatter, { params: { id: ctx.params.id } });
    return { me, matter };
  },
  render: (data: { me: PortalMe; matter: PortalMatter }, ctx) => {
    const form = ctx.form;
    const refusal = form?.refusal;
    const upload = form?.action === uploadRequestedDocument.name && refusal;
    const message = form?.action === sendMyMessage.name ? form : undefined;
    const t = wordsIn(data.me.language);
    return {
      view: (
        <MatterPage
          {...data}
          refusedUpload={upload ? { requestId: ctx.params.requestId, message: wordsOf(refusal)! } : undefined}
          typed={typeof message?.values.body === 'string' ? message.values.body : undefined}
          messageError={
            message?.refusal ? (message.refusal.fields?.body ?? message.refusal.message) : undefined
          }
        />
      ),
      meta: meta(
        t('matter.form', { code: data.matter.form.code, title: data.matter.form.title }),
        t('home.description'),
      ),
      language: data.me.language,
    };
  },
  forms: [
    {
      action: sendMyMessage,
      path: pages.portal.messages(':id'),
      done: (ctx): FormDone => ({
        to: `${pages.portal.matter(ctx.params.id)}#messages`,
        flash: wordsIn(ctx.req.session.user?.language ?? 'en')('messages.sent'),
      }),
    },
    {
      action: uploadRequestedDocument,
      path: pages.portal.upload(':id', ':requestId'),
      done: (ctx): FormDone => ({
        to: `${pages.portal.matter(ctx.params.id)}#requests`,
        flash: wordsIn(ctx.req.session.user?.language ?? 'en')('requests.uploaded'),
      }),
    },
  ],
});

/** The portal's own area entry: /portal is the home itself. */
export const PORTAL_PAGES = [portalHomePage, portalMatterPage, portalQuestionnairePage, ...CASE_PORTAL_PAGES];
