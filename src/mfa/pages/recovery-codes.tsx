import RecoveryCodeTools from '../../../islands/RecoveryCodeTools';
import { Island } from '../../../views/components/Island';
import { useRenderContext } from '../../../views/context';
import { type AnyPage, type OutputOf, page, type PageContext, PageSend, redirectTo } from '../../access/page';
import { sendFile } from '../../documents/send';
import { ServiceError } from '../../shared/errors';
import { pages } from '../../shared/paths';
import { getShownRecoveryCodes, putAwayRecoveryCodes } from '../actions';
import { useTranslation } from 'react-i18next';

/**
 * /account/recovery-codes: new recovery codes, shown while this page is open (to copy, download as text or
 * print), then put away for good with Continue. `print`: the same codes on a page made for paper.
 */
function RecoveryCodesPage(props: { codes: string[]; continueTo: string; view: 'page' | 'print' }) {
  const { csrfToken, user } = useRenderContext();
  // English for everyone; a client reads it in their own language (the island gets its own words).
  const { t } = useTranslation();
  const { codes, view } = props;
  const words = {
    copy: t('codes.copy'),
    print: t('codes.print'),
    copied: t('codes.copied'),
    copyFailed: t('codes.copyFailed'),
  };
  const list = (
    <ol className="recovery-codes">
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ol>
  );
  if (view === 'print')
    return (
      <section className="narrow card recovery-print">
        <h1>{t('codes.printTitle', { loginId: user?.loginId ?? '' })}</h1>
        <p>{t('codes.printIntro')}</p>
        {list}
        <div className="no-print recovery-actions">
          <Island of={RecoveryCodeTools} props={{ codes, print: true, words }} trigger="load" />{' '}
          <a href={pages.accountRecoveryCodes}>{t('codes.back')}</a>
        </div>
      </section>
    );
  return (
    <section className="narrow card">
      <h1>{t('codes.title')}</h1>
      <p>{t('codes.intro')}</p>
      <p>
        <strong>{t('codes.shownOnce')}</strong>
      </p>
      {list}
      <div className="recovery-actions">
        <Island of={RecoveryCodeTools} props={{ codes, words }} trigger="load" />
        <a className="btn btn-secondary" href={pages.accountRecoveryCodesText} download>
          {t('codes.download')}
        </a>
        <a className="btn btn-secondary" href={pages.accountRecoveryCodesPrint}>
          {t('codes.printView')}
        </a>
      </div>
      <form method="post" action={pages.accountRecoveryCodesDone}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" className="btn btn-primary">
          {t('codes.continue')}
        </button>
      </form>
    </section>
  );
}

/** The new codes while their page is open (not past Continue, nor their time); else the Account page. */
async function shownCodes({ read }: PageContext) {
  try {
    return await read(getShownRecoveryCodes);
  } catch (error) {
    if (!(error instanceof ServiceError) || error.status !== 404) throw error;
    return redirectTo(pages.account);
  }
}

const CODES_META = {
  title: 'Save your recovery codes',
  description: 'Recovery codes, shown once.',
  noindex: true,
};

/** The codes' page ('page'), or the same codes on a page made for paper ('print'). */
const codesPage = (path: string, view: 'page' | 'print') =>
  page({
    path,
    reads: [getShownRecoveryCodes],
    load: shownCodes,
    render: ({ codes, continueTo }) => {
      return {
        view: <RecoveryCodesPage codes={codes} continueTo={continueTo} view={view} />,
        meta: CODES_META,
      };
    },
    forms:
      view === 'page'
        ? [
            {
              // Continue: the codes are put away for good, and the person goes on.
              action: putAwayRecoveryCodes,
              path: pages.accountRecoveryCodesDone,
              done: (_ctx, answer: OutputOf<typeof putAwayRecoveryCodes>) => ({ to: answer.continueTo }),
            },
          ]
        : [],
  });

/** The codes as a text file: what they are for, whose they are, one code a line. */
function codesText(loginId: string, codes: string[]): Uint8Array {
  const lines = [
    `Reti Immigration recovery codes for ${loginId}`,
    'Each code signs you in once, in place of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ];
  return new TextEncoder().encode(lines.join('\r\n'));
}

/** /account/recovery-codes/download: the codes as a .txt attachment. */
const codesTextPage = page({
  path: pages.accountRecoveryCodesText,
  reads: [getShownRecoveryCodes],
  async load(ctx) {
    const shown = await shownCodes(ctx);
    if (!('codes' in shown)) return shown;
    const bytes = codesText(ctx.actor?.loginId ?? '', shown.codes);
    return new PageSend((res) =>
      sendFile(res, 'reti-recovery-codes.txt', 'text/plain; charset=utf-8', bytes),
    );
  },
  render: () => {
    throw new Error('The recovery codes file is sent, not rendered.');
  },
});

/** New recovery codes, shown once: their page (with Continue), its print view, and the text file. */
export const RECOVERY_CODE_PAGES: AnyPage[] = [
  codesPage(pages.accountRecoveryCodes, 'page'),
  codesPage(pages.accountRecoveryCodesPrint, 'print'),
  codesTextPage,
];
