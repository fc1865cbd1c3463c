import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import { isUniqueViolation } from '../db/database';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { FirmsService } from '../firms/service';
import {
  createOutbox,
  type Delivery,
  type DeliveryReport,
  FIRST_TRY_HOLD_SECONDS,
  type MailSender,
} from '../mail/sender';
import { SMTP_FAILURES } from '../mail/transport';
import { PRODUCT_NAME } from '../shared/constants';
import { wordsIn } from '../shared/i18n';
import type { Language } from '../shared/people';
import { formatDateTime } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import { type Firm, FIRM_MESSAGES, type FirmUser } from '../shared/firms';
import { type PasswordPolicy, passwordProblem } from '../shared/password-policy';
import { pages } from '../shared/paths';
import { type PublicUser, publicUser, type SessionUser } from '../shared/session';
import type { SecuritySettings } from '../shared/settings';
import { hashPassword } from '../users/password';
import {
  createUsersService,
  emailTaken,
  newLoginId,
  NO_PASSWORD_YET,
  toFirmUser,
  toSessionUser,
  type UserRow,
} from '../users/service';
import { INVITATION_OUTCOMES, type InvitationDelivery } from '../shared/users';
import type { FirmUserInput } from './schema';
import { TOKEN_PATTERN } from './schema';
import { announcementEmail, requestEmail } from './staff-emails';
import { createInvitationsStore, type FoundInvitation } from './store';

const INVITATION_DAYS = 7;

/** What the staff member who invited a firm's contact is told, for each outcome of its email. */
const onboardingOutcome = ({ delivery, failure }: DeliveryReport): string =>
  ({
    sent: FIRM_MESSAGES.invitationSent,
    queued: `The invitation email could not be sent right now: ${failure ?? SMTP_FAILURES.other} It is kept in the outbox and will be retried automatically.`,
    logged:
      'No mail server is configured (SMTP_URL is not set), so the invitation email was not sent. It is kept in the outbox and written to the server log.',
  })[delivery];

/** A firm user's invitation email, as the administrator who added them is told of it. */
const invitationOutcome = ({ delivery, failure }: DeliveryReport): InvitationDelivery => ({
  delivery,
  message:
    delivery === 'queued'
      ? INVITATION_OUTCOMES.queued(failure ?? SMTP_FAILURES.other)
      : INVITATION_OUTCOMES[delivery],
});

const FIRM_INACTIVE =
  'This firm is inactive on Reti Immigration, so its invitation cannot be accepted. Ask the platform staff to reactivate it.';

export const ACCOUNT_READY = 'Your account is ready. Log in with your new user ID and password.';

/** Said to a firm's new user whose firm approves new accounts: the password is set, the account waits. */
export const awaitingApproval = (firmName: string) =>
  `Your password is set. An administrator of ${firmName} must approve your account before you can log in.`;

/**
 * A firm's new user, and what became of their invitation email (none yet while an account platform staff
 * asked for waits for an administrator); for staff, what happens to the account now.
 */
export type AddedUser = { user: FirmUser; invitation?: InvitationDelivery; notice?: string };

/** An account just stored, with the emails to try once the transaction has committed. */
type Made = { user: FirmUser; invitationEmail?: string; otherEmails: string[]; notice?: string };

const personName = (row: UserRow) => `${row.first_name} ${row.last_name}`.trim();

const loginIdTaken = (userId: string) =>
  new ServiceError('conflict', `User ID ${userId} is taken.`, { userId: `User ID ${userId} is taken.` });

/** An accepted invitation: the account, and the message for its owner when it still waits for approval. */
export type Accepted = { user: PublicUser; awaitingApproval?: string };

export type InvitationState = 'unknown' | 'used' | 'expired' | 'valid';
type GoneState = Exclude<InvitationState, 'valid'>;

/** A link that cannot be used: what happened, and what to do about it. */
export const GONE: Record<GoneState, { status: number; title: string; message: string }> = {
  unknown: {
    status: 404,
    title: 'This invitation link is not valid',
    message:
      'The link may be incomplete or mistyped. Open it again from the invitation email, or ask for a new invitation.',
  },
  used: {
    status: 410,
    title: 'This invitation has already been used',
    message: 'Its account is set up: log in with the user ID and password chosen when it was accepted.',
  },
  expired: {
    status: 410,
    title: 'This invitation has expired',
    message: `Invitation links work for ${INVITATION_DAYS} days. Ask the person who invited you to send a new one.`,
  },
};

const gone = (state: GoneState) =>
  new ServiceError(
    state === 'unknown' ? 'not-found' : 'gone',
    `${GONE[state].title}. ${GONE[state].message}`,
  );

/** What the invite page shows. */
type InvitationView =
  | { state: GoneState }
  | {
      state: 'valid';
      firmName: string;
      loginId: string | null;
      policy: PasswordPolicy;
      /** A client's invitation, and the language its page speaks. */
      client?: { language: Language };
    };

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const stateOf = (found: FoundInvitation | undefined): InvitationState =>
  !found ? 'unknown' : found.used_at ? 'used' : found.expired ? 'expired' : 'valid';

const userIdTaken = (userId: string) =>
  new ServiceError('conflict', `User ID ${userId} is taken. Choose another one.`, {
    user_id: `User ID ${userId} is taken. Choose another one.`,
  });

/** A firm's administrator chooses a user ID; a firm user's was chosen for them (and may be repeated). */
function checkUserId(invitedLoginId: string | null, userId: string | undefined): void {
  if (!invitedLoginId && !userId)
    throw new ServiceError('invalid', 'User ID is required', { user_id: 'User ID is required' });
  if (invitedLoginId && userId && userId.toLowerCase() !== invitedLoginId.toLowerCase()) {
    const message = `This invitation is for the user ID ${invitedLoginId}.`;
    throw new ServiceError('invalid', message, { user_id: message });
  }
}

/** "Ana Lima Souza" → first name "Ana", last name "Lima Souza". */
function splitName(fullName: string): { firstName: string; lastName: string } {
  const [firstName, ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** A client's invitation to the firm's portal, in the client's language. */
function clientInvitationEmail(link: string, firm: Firm, expires: string, user: UserRow, language: Language) {
  const t = wordsIn(language);
  const words = { firm: firm.name, name: user.first_name, loginId: user.login_id, link, expires };
  return { subject: t('email.invitation.subject', words), text: t('email.invitation.body', words) };
}

/** The email of an invitation; it says when the link expires in the time zone its reader's pages use. */
function invitationEmail(link: string, firm: Firm, expires: string, user?: UserRow) {
  const greeting = user ? user.first_name : firm.contactPerson;
  const invitation = user
    ? [
        `${firm.name} has added you to ${PRODUCT_NAME} with the user ID ${user.login_id}.`,
        '',
        'Choose your password here:',
      ]
    : [
        `${firm.name} has been added to ${PRODUCT_NAME}, and you are invited to become its administrator.`,
        '',
        'Choose your user ID and password here:',
      ];
  return {
    subject: `Your invitation to ${PRODUCT_NAME}`,
    text: [
      `Hello ${greeting},`,
      '',
      ...invitation,
      link,
      '',
      `The link works once and expires in ${INVITATION_DAYS} days (${expires}).`,
      'If you did not expect this email, you can ignore it.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
  };
}

/**
 * Invitations: a one-time link, emailed, that lets a firm's contact become its administrator or a firm's
 * new user choose a password. Only the SHA-256 of a token is stored, so the table cannot be used to log in.
 */
export function createInvitationsService(deps: {
  db: Kysely<DB>;
  mail: MailSender;
  publicUrl: string;
  /** The IANA time zone the email gives the expiry in (the platform's TIME_ZONE until firms have their own). */
  timeZone: string;
  /** The firms service over a given connection, so that it can join this feature's transactions. */
  firmsIn: (db: Kysely<DB>) => FirmsService;
  /**
   * The firm's security settings: its password policy holds for the password chosen here, and a firm
   * that approves new users keeps a new user's account pending after acceptance.
   */
  securityOf: (firmId: string) => Promise<SecuritySettings>;
  /** The language a client's account reads (their person's), for their invitation and its page. */
  languageOfUser: (db: Kysely<DB>, userId: string) => Promise<Language | undefined>;
}) {
  const { db, mail, firmsIn } = deps;

  /** Stores an invitation and queues its email, inside the caller's transaction; answers the email's ID. */
  async function issue(trx: Kysely<DB>, actor: SessionUser, firm: Firm, user?: UserRow): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const invitation = await createInvitationsStore(trx).insert({
      firmId: firm.id,
      userId: user?.id ?? null,
      email: user?.email ?? firm.email,
      tokenHash: hashToken(token),
      createdBy: actor.id,
      days: INVITATION_DAYS,
    });
    const link = `${deps.publicUrl}${pages.invite(token)}`;
    const expires = formatDateTime(invitation.expires_at, deps.timeZone);
    const email =
      user?.role === 'client'
        ? clientInvitationEmail(link, firm, expires, user, (await deps.languageOfUser(trx, user.id)) ?? 'en')
        : invitationEmail(link, firm, expires, user);
    // A firm's user is invited by the firm, through its own SMTP server if it has one; a pending firm's
    // contact is invited by the platform.
    const outboxId = await createOutbox(trx).enqueue(
      { to: invitation.email, ...email, firmId: user ? firm.id : null },
      FIRST_TRY_HOLD_SECONDS,
    );
    await createInvitationsStore(trx).setOutbox(invitation.id, outboxId);
    await createAuditService(trx).record({
      actorUserId: actor.id,
      action: 'invitation.sent',
      entity: 'invitation',
      entityId: invitation.id,
      after: {
        firmId: firm.id,
        userId: invitation.user_id,
        email: invitation.email,
        expiresAt: invitation.expires_at,
      },
    });
    return outboxId;
  }

  async function find(trx: Kysely<DB>, token: string): Promise<FoundInvitation | undefined> {
    return TOKEN_PATTERN.test(token)
      ? createInvitationsStore(trx).findByTokenHash(hashToken(token))
      : undefined;
  }

  /** The firm's contact becomes its first administrator, and the firm becomes active. */
  async function createAdministrator(trx: Kysely<DB>, firm: Firm, userId: string, passwordHash: string) {
    const users = createUsersService(trx);
    if (await users.findByLoginId(userId)) throw userIdTaken(userId);
    const row = await users.insertActive({
      firmId: firm.id,
      loginId: userId,
      ...splitName(firm.contactPerson),
      email: firm.email,
      role: 'admin',
      passwordHash,
    });
    await createAuditService(trx).record({
      actorUserId: row.id,
      action: 'user.created',
      entity: 'user',
      entityId: row.id,
      after: toFirmUser(row),
    });
    await firmsIn(trx).activate(row, firm.id);
    await createInvitationsStore(trx).closeFirmInvitations(firm.id);
    return row;
  }

  /** A firm user's password: the account is active, or stays pending until an administrator approves it. */
  async function activateUser(
    trx: Kysely<DB>,
    found: FoundInvitation,
    passwordHash: string,
    approval: boolean,
  ) {
    const users = createUsersService(trx);
    const row = approval
      ? await users.holdForApproval(found.user_id!, passwordHash)
      : await users.activatePending(found.user_id!, passwordHash);
    if (!row) throw gone('used');
    await createAuditService(trx).record({
      actorUserId: row.id,
      action: approval ? 'user.awaiting_approval' : 'user.activated',
      entity: 'user',
      entityId: row.id,
      before: { status: 'pending' },
      after: toFirmUser(row),
    });
    return row;
  }

  /** The account every way of adding one makes, after the same checks; in the caller's transaction. */
  async function insertAccount(trx: Kysely<DB>, firmId: string, input: FirmUserInput, requestedBy?: string) {
    // The firm first: two adds of one email then take turns, and the second finds the first.
    await firmsIn(trx).lock(firmId);
    const users = createUsersService(trx);
    const holder = await users.findInFirmByEmail(firmId, input.email);
    if (holder) throw emailTaken(input.email, holder);
    if (await users.findByLoginId(input.userId)) throw loginIdTaken(input.userId);
    return users.insertInvited({
      firmId,
      loginId: input.userId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      role: input.role,
      requestedBy,
    });
  }

  const auditAccount = (trx: Kysely<DB>, actor: SessionUser, action: string, row: UserRow, extra = {}) =>
    createAuditService(trx).record({
      actorUserId: actor.id,
      action,
      entity: 'user',
      entityId: row.id,
      firmId: row.firm_id,
      after: { ...toFirmUser(row), ...extra },
    });

  /** The firm's own people add an account: it is invited at once. */
  async function firmAdds(
    trx: Kysely<DB>,
    actor: SessionUser,
    firm: Firm,
    input: FirmUserInput,
  ): Promise<Made> {
    const row = await insertAccount(trx, firm.id, input);
    await auditAccount(trx, actor, 'user.created', row);
    return { user: toFirmUser(row), invitationEmail: await issue(trx, actor, firm, row), otherEmails: [] };
  }

  /**
   * Platform staff ask for an account. Once a firm has an active administrator, only its own people let
   * anyone in: the account waits, with no invitation, for one of them to approve it (each is emailed the
   * request). A firm with no active administrator (one that lost them, or not onboarded yet) gets the
   * account and its invitation at once, announced by email to its contact and every administrator and
   * written to its activity log.
   */
  async function staffAdds(
    trx: Kysely<DB>,
    actor: SessionUser,
    firm: Firm,
    input: FirmUserInput,
  ): Promise<Made> {
    // The firm first: its administrators stay as they are read until the account is stored.
    await firmsIn(trx).lock(firm.id);
    const users = createUsersService(trx);
    const staff = await users.findById(actor.id);
    const staffName = staff ? personName(staff) : 'A member of the platform staff';
    const administrators = (await users.listByFirm(firm.id)).filter((u) => u.role === 'admin');
    const approvers = administrators.filter((u) => u.status === 'active');
    const outbox = createOutbox(trx);
    const enqueue = (email: { to: string; subject: string; text: string }) =>
      outbox.enqueue({ ...email, firmId: firm.id }, FIRST_TRY_HOLD_SECONDS);
    if (approvers.length) {
      const row = await insertAccount(trx, firm.id, input, actor.id);
      await auditAccount(trx, actor, 'user.requested', row);
      const reviewUrl = `${deps.publicUrl}${pages.admin.userApproval(row.id)}`;
      const otherEmails: string[] = [];
      for (const administrator of approvers)
        otherEmails.push(
          await enqueue(requestEmail({ staffName, firm, account: row, administrator, reviewUrl })),
        );
      const notice = `${personName(row)}'s account waits for an administrator of ${firm.name} to approve it: ${approvers.length === 1 ? '1 administrator was' : `${approvers.length} administrators were`} emailed the request. No invitation is sent until one approves it.`;
      return { user: toFirmUser(row), otherEmails, notice };
    }
    const row = await insertAccount(trx, firm.id, input);
    const announcedTo = [
      ...new Map(
        [firm.email, ...administrators.map((u) => u.email)].map((e) => [e.toLowerCase(), e]),
      ).values(),
    ];
    await auditAccount(trx, actor, 'user.created_by_staff', row, { announcedTo });
    const invitationEmail = await issue(trx, actor, firm, row);
    const otherEmails: string[] = [];
    for (const to of announcedTo)
      otherEmails.push(await enqueue(announcementEmail({ staffName, firm, account: row, to })));
    const notice = `${firm.name} has no active administrator, so ${personName(row)}'s account was added and its invitation emailed; the firm's contact and administrators were told by email, and it is in the firm's activity log.`;
    return { user: toFirmUser(row), invitationEmail, otherEmails, notice };
  }

  /**
   * A firm's new account, as `POST {API}/firms/{id}/users` makes it: by the firm's own people, invited
   * at once; by platform staff, as a request an administrator of the firm must approve, or, when the firm
   * has no active administrator, made and announced to the firm (see staffAdds).
   */
  async function addUser(actor: SessionUser, firmId: string, input: FirmUserInput): Promise<AddedUser> {
    const firm = await firmsIn(db).get(actor, firmId);
    if (input.role === 'admin' && actor.role === 'user')
      throw new ServiceError('forbidden', 'A firm user cannot create an administrator.');
    const added = await inTransaction(db, (trx) =>
      actor.role === 'reti' ? staffAdds(trx, actor, firm, input) : firmAdds(trx, actor, firm, input),
    ).catch((error) => {
      // Two requests for one user ID at once: the unique index decides, and the loser hears why.
      throw isUniqueViolation(error) ? loginIdTaken(input.userId) : error;
    });
    // Once stored: a mail server that is down must not undo the user; the outbox retries the emails.
    const [invitation] = await Promise.all([
      added.invitationEmail ? mail.deliver(added.invitationEmail).then(invitationOutcome) : undefined,
      Promise.all(added.otherEmails.map((id) => mail.deliver(id))),
    ]);
    return { user: added.user, invitation, notice: added.notice };
  }

  return {
    /** Platform staff invite a pending firm's contact; the email is tried at once, else kept for a retry. */
    async inviteFirm(actor: SessionUser, firmId: string): Promise<{ delivery: Delivery; message: string }> {
      if (actor.role !== 'reti')
        throw new ServiceError('forbidden', "Only platform staff can invite a firm's administrator.");
      const outboxId = await inTransaction(db, async (trx) => {
        const firm = await firmsIn(trx).get(actor, firmId);
        const members = await createUsersService(trx).listByFirm(firmId);
        if (firm.status === 'active' || members.some((u) => u.role === 'admin'))
          throw new ServiceError(
            'conflict',
            `${firm.name} is already active: it has its administrator, so it needs no invitation.`,
          );
        // A firm whose accounts were ever used is no new firm: its contact is never made administrator
        // by an onboarding link (set back to pending, its contact email changed, it would be a way in).
        if (members.some((u) => u.password_hash !== NO_PASSWORD_YET))
          throw new ServiceError(
            'conflict',
            `${firm.name} already has accounts in use, so it gets no onboarding invitation. Its administrators add accounts.`,
          );
        return issue(trx, actor, firm);
      });
      const report = await mail.deliver(outboxId);
      return { delivery: report.delivery, message: onboardingOutcome(report) };
    },

    addUser,

    /**
     * A client's account for the firm's portal, invited at once in their language: their user ID is their
     * email where it can be one. `link` ties the account to the person, in the same transaction.
     */
    async inviteClient(
      actor: SessionUser,
      person: { id: string; firstName: string; lastName: string; email: string },
      link: (trx: Kysely<DB>, userId: string) => Promise<void>,
    ): Promise<{ user: FirmUser; invitation: InvitationDelivery }> {
      const firmId = actor.firmId!;
      const made = await inTransaction(db, async (trx) => {
        const firm = await firmsIn(trx).lock(firmId);
        const users = createUsersService(trx);
        const loginId = await newLoginId(trx, person);
        const row = await users.insertInvited({
          firmId,
          loginId,
          firstName: person.firstName,
          lastName: person.lastName,
          email: person.email,
          role: 'client',
        });
        await link(trx, row.id);
        await auditAccount(trx, actor, 'client.invited', row, { personId: person.id });
        return { user: toFirmUser(row), outboxId: await issue(trx, actor, firm!, row) };
      });
      return { user: made.user, invitation: invitationOutcome(await mail.deliver(made.outboxId)) };
    },

    /** A new account added by the firm's own people (User Management): invited at once. */
    async inviteUser(
      actor: SessionUser,
      firmId: string,
      input: FirmUserInput,
    ): Promise<Required<Pick<AddedUser, 'user' | 'invitation'>>> {
      if (actor.role === 'reti' || actor.firmId !== firmId)
        throw new ServiceError('forbidden', "Only the firm's own administrators add its accounts this way.");
      const { user, invitation } = await addUser(actor, firmId, input);
      return { user, invitation: invitation! };
    },

    /**
     * An administrator of the firm approves an account platform staff asked for: from now on it is an
     * ordinary invited account, and its invitation is emailed at once.
     */
    async approveRequest(actor: SessionUser, firmId: string, userId: string): Promise<InvitationDelivery> {
      if (actor.role !== 'admin' || actor.firmId !== firmId)
        throw new ServiceError(
          'forbidden',
          'Only an administrator of the firm can approve an account platform staff asked for.',
        );
      const outboxId = await inTransaction(db, async (trx) => {
        const firm = await firmsIn(trx).lock(firmId);
        const users = createUsersService(trx);
        const before = firm && (await users.findById(userId));
        if (!before || before.firm_id !== firmId) throw new ServiceError('not-found', 'User not found.');
        const row = await users.approveRequest(userId);
        if (!row)
          throw new ServiceError(
            'conflict',
            `${personName(before)}'s account is no request of platform staff waiting for approval.`,
          );
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'user.request_approved',
          entity: 'user',
          entityId: row.id,
          firmId,
          before: { ...toFirmUser(before), requestedBy: before.requested_by },
          after: toFirmUser(row),
        });
        return issue(trx, actor, firm, row);
      });
      return invitationOutcome(await mail.deliver(outboxId));
    },

    /**
     * A new invitation for a firm's user who has not accepted theirs (its email failed, or was lost): the
     * earlier links stop working, and the new one is emailed at once.
     */
    async reinvite(actor: SessionUser, firmId: string, userId: string): Promise<InvitationDelivery> {
      const outboxId = await inTransaction(db, async (trx) => {
        const firm = await firmsIn(trx).lock(firmId);
        const row = firm && (await createUsersService(trx).findById(userId));
        if (!row || row.firm_id !== firmId) throw new ServiceError('not-found', 'User not found.');
        if (row.status !== 'pending' || row.password_hash !== NO_PASSWORD_YET)
          throw new ServiceError(
            'conflict',
            `${personName(row)} has already accepted their invitation, so there is none to send again.`,
          );
        if (row.requested_at)
          throw new ServiceError(
            'conflict',
            `${personName(row)}'s account waits for an administrator to approve what platform staff asked for: approving it sends the invitation.`,
          );
        const earlier = await createInvitationsStore(trx).deleteOpenUserInvitations(userId);
        await createOutbox(trx).withdraw(earlier, 'Replaced by a new invitation.');
        return issue(trx, actor, firm, row);
      });
      return invitationOutcome(await mail.deliver(outboxId));
    },

    async view(token: string): Promise<InvitationView> {
      const found = await find(db, token);
      const state = stateOf(found);
      if (state !== 'valid') return { state };
      const { passwordPolicy } = await deps.securityOf(found!.firm_id);
      const client =
        found!.role === 'client'
          ? { language: (await deps.languageOfUser(db, found!.user_id!)) ?? ('en' as const) }
          : undefined;
      return {
        state,
        firmName: found!.firm_name,
        loginId: found!.login_id,
        policy: passwordPolicy,
        ...(client && { client }),
      };
    },

    /**
     * Accepts the invitation once: the account is ready to log in with (or, where the firm approves new
     * users, waits for that), and the link is spent.
     */
    async accept(token: string, input: { userId?: string; password: string }): Promise<Accepted> {
      const before = await find(db, token);
      const state = stateOf(before);
      if (state !== 'valid') throw gone(state);
      checkUserId(before!.login_id, input.userId);
      // Read before the transaction (PGlite has one connection).
      const security = await deps.securityOf(before!.firm_id);
      const problem = passwordProblem(input.password, security.passwordPolicy);
      if (problem) throw new ServiceError('invalid', problem, { password: problem });
      // A firm's first administrator has nobody to approve them; a client is let in by the firm that invited them.
      const approval = Boolean(before!.user_id) && before!.role !== 'client' && security.approveNewUsers;
      // Hashing is slow: done before the transaction, so it holds its connection only briefly.
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await inTransaction(db, async (trx) => {
          const found = await find(trx, token);
          // The firm first: two of its links accepted at once then take turns instead of deadlocking.
          const firm = found && (await firmsIn(trx).lock(found.firm_id));
          if (firm?.status === 'inactive') throw new ServiceError('conflict', FIRM_INACTIVE);
          if (!found || !firm || !(await createInvitationsStore(trx).markUsed(found.id))) {
            // Used or expired since the first look (another tab, the same link).
            const now = stateOf(found);
            throw gone(now === 'valid' ? 'used' : now);
          }
          const user = found.user_id
            ? await activateUser(trx, found, passwordHash, approval)
            : await createAdministrator(trx, firm, input.userId!, passwordHash);
          await createAuditService(trx).record({
            actorUserId: user.id,
            action: 'invitation.accepted',
            entity: 'invitation',
            entityId: found.id,
          });
          return { user, firmName: firm.name };
        });
        const user = publicUser(toSessionUser(row.user));
        return row.user.status === 'pending'
          ? { user, awaitingApproval: awaitingApproval(row.firmName) }
          : { user };
      } catch (error) {
        if (isUniqueViolation(error)) throw userIdTaken(input.userId ?? '');
        throw error;
      }
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;

/** An invitation as a firm's backup keeps it: never its token's hash. */

/**
 * A firm's invitations for other features (its cleanup), over any connection: a transaction
 * of the caller's too.
 */
export function createInvitationRecords(db: Kysely<DB>) {
  const store = createInvitationsStore(db);
  return {
    /** Invitations that expired unused: their links can never be used, so they may go. */
    countExpired: store.countExpired,
    removeExpired: store.deleteExpired,
  };
}
