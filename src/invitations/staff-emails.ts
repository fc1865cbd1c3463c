import { PRODUCT_NAME } from '../shared/constants';
import type { Firm } from '../shared/firms';
import type { UserRow } from '../users/service';

/**
 * The emails about an account platform staff asked for: it is in the firm's own hands, so its people are
 * told, in words that say who asked, for whom, and what to do.
 */

const roleWords = (row: UserRow) =>
  row.role === 'admin'
    ? "an administrator (who sees the firm's clients, cases and documents and manages its accounts)"
    : "a user (who sees the firm's clients, cases and documents)";

const accountLine = (row: UserRow) =>
  `  ${`${row.first_name} ${row.last_name}`.trim()} (${row.email}), as ${roleWords(row)}, user ID ${row.login_id}`;

/** To each active administrator: a request waits for their approval, at the review page's address. */
export function requestEmail(args: {
  staffName: string;
  firm: Firm;
  account: UserRow;
  administrator: UserRow;
  reviewUrl: string;
}) {
  const { firm, account } = args;
  return {
    to: args.administrator.email,
    subject: `Platform staff asked to add an account to ${firm.name}`,
    text: [
      `Hello ${args.administrator.first_name},`,
      '',
      `${args.staffName}, of ${PRODUCT_NAME}'s platform staff, asked to add this account to ${firm.name}:`,
      '',
      accountLine(account),
      '',
      `Nobody can sign in with it until an administrator of ${firm.name} approves it: no invitation is sent before then. Review the request, and approve or reject it, here:`,
      args.reviewUrl,
      '',
      'If your firm did not ask for this account, reject it.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/**
 * To the firm's contact and every administrator, when the firm has no active administrator to approve
 * an account: it was made, and its invitation sent, so they must hear of it at once.
 */
export function announcementEmail(args: { staffName: string; firm: Firm; account: UserRow; to: string }) {
  const { firm, account } = args;
  return {
    to: args.to,
    subject: `Platform staff added an account to ${firm.name}`,
    text: [
      'Hello,',
      '',
      `${args.staffName}, of ${PRODUCT_NAME}'s platform staff, added this account to ${firm.name}, because the firm has no active administrator who could approve it:`,
      '',
      accountLine(account),
      '',
      `An invitation to choose a password was emailed to ${account.email}. The account is listed in ${firm.name}'s User Management and its activity log.`,
      '',
      `If your firm did not ask for this account, contact ${PRODUCT_NAME} at once.`,
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}
