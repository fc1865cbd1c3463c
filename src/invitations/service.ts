import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { createAuditStore } from '../audit/store';
import { hashPassword } from '../auth/password';
import type { SessionUser } from '../auth/session';
import { isUniqueViolation } from '../db/database';
import type { DB } from '../db/schema';
import { FIRM_NOT_FOUND, toFirm, toFirmUser } from '../firms/service';
import { createFirmsStore, type FirmRow } from '../firms/store';
import { HttpError } from '../http/errors';
import { type Delivery, FIRST_TRY_HOLD_SECONDS, type MailSender } from '../mail/sender';
import { createOutboxStore } from '../outbox/store';
import { PRODUCT_NAME, type RoleName } from '../shared/constants';
import { FIRM_MESSAGES } from '../shared/firms';
import { createUsersStore, type UserRow } from '../users/store';
import { TOKEN_PATTERN } from './schema';
import { createInvitationsStore, type FoundInvitation } from './store';

const INVITATION_DAYS = 7;

/** What the person who sent an invitation is told, for each outcome of its email. */
const DELIVERY_MESSAGES: Record<Delivery, string> = {
  sent: FIRM_MESSAGES.invitationSent,
  queued:
    'The invitation email could not be sent right now. It is kept in the outbox and will be retried automatically.',
  logged:
    'No mail server is configured (SMTP_URL is not set), so the invitation email was not sent. It is kept in the outbox and written to the server log.',
};

const FIRM_INACTIVE =
  'This firm is inactive on Reti Immigration, so its invitation cannot be accepted. Ask the platform staff to reactivate it.';

export const ACCOUNT_READY = 'Your account is ready. Log in with your new user ID and password.';

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
  new HttpError(GONE[state].status, `${GONE[state].title}. ${GONE[state].message}`);

/** What the invite page shows. */
type InvitationView = { state: GoneState } | { state: 'valid'; firmName: string; loginId: string | null };

type AcceptedUser = { user_id: string; first_name: string; role_name: RoleName };

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const stateOf = (found: FoundInvitation | undefined): InvitationState =>
  !found ? 'unknown' : found.used_at ? 'used' : found.expired ? 'expired' : 'valid';

const userIdTaken = (userId: string) =>
  new HttpError(409, `User ID ${userId} is taken. Choose another one.`, {
    user_id: `User ID ${userId} is taken. Choose another one.`,
  });

/** A firm's administrator chooses a user ID; a firm user's was chosen for them (and may be repeated). */
function checkUserId(invitedLoginId: string | null, userId: string | undefined): void {
  if (!invitedLoginId && !userId)
    throw new HttpError(422, 'User ID is required', { user_id: 'User ID is required' });
  if (invitedLoginId && userId && userId.toLowerCase() !== invitedLoginId.toLowerCase()) {
    const message = `This invitation is for the user ID ${invitedLoginId}.`;
    throw new HttpError(422, message, { user_id: message });
  }
}

/** "Ana Lima Souza" → first name "Ana", last name "Lima Souza". */
function splitName(fullName: string): { firstName: string; lastName: string } {
  const [firstName, ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

function invitationEmail(link: string, firm: FirmRow, expiresAt: Date, user?: UserRow) {
  const greeting = user ? user.first_name : firm.contact_person;
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
      `The link works once and expires in ${INVITATION_DAYS} days (${expiresAt.toISOString().slice(0, 10)}).`,
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
export function createInvitationsService(deps: { db: Kysely<DB>; mail: MailSender; publicUrl: string }) {
  const { db, mail } = deps;

  /** Stores an invitation and queues its email, inside the caller's transaction; answers the email's ID. */
  async function issue(trx: Kysely<DB>, actor: SessionUser, firm: FirmRow, user?: UserRow): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const invitation = await createInvitationsStore(trx).insert({
      firmId: firm.id,
      userId: user?.id ?? null,
      email: user?.email ?? firm.email,
      tokenHash: hashToken(token),
      createdBy: actor.id,
      days: INVITATION_DAYS,
    });
    const email = invitationEmail(`${deps.publicUrl}/invite/${token}`, firm, invitation.expires_at, user);
    const outboxId = await createOutboxStore(trx).enqueue(
      { to: invitation.email, ...email },
      FIRST_TRY_HOLD_SECONDS,
    );
    await createAuditStore(trx).record({
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
  async function createAdministrator(
    trx: Kysely<DB>,
    found: FoundInvitation,
    userId: string,
    passwordHash: string,
  ) {
    const firms = createFirmsStore(trx);
    const users = createUsersStore(trx);
    const firm = (await firms.findById(found.firm_id))!;
    if (await users.findByLoginId(userId)) throw userIdTaken(userId);
    const row = await users.insert({
      firmId: firm.id,
      loginId: userId,
      ...splitName(firm.contact_person),
      email: firm.email,
      role: 'admin',
      status: 'active',
      passwordHash,
    });
    const activeFirm = (await firms.update(firm.id, { status: 'active' }))!;
    await createInvitationsStore(trx).closeFirmInvitations(firm.id);
    const audit = createAuditStore(trx);
    await audit.record({
      actorUserId: row.id,
      action: 'user.created',
      entity: 'user',
      entityId: row.id,
      after: toFirmUser(row),
    });
    await audit.record({
      actorUserId: row.id,
      action: 'firm.updated',
      entity: 'firm',
      entityId: firm.id,
      before: toFirm(firm),
      after: toFirm(activeFirm),
    });
    return row;
  }

  async function activateUser(trx: Kysely<DB>, found: FoundInvitation, passwordHash: string) {
    const row = await createUsersStore(trx).activatePending(found.user_id!, passwordHash);
    if (!row) throw gone('used');
    await createAuditStore(trx).record({
      actorUserId: row.id,
      action: 'user.activated',
      entity: 'user',
      entityId: row.id,
      before: { status: 'pending' },
      after: toFirmUser(row),
    });
    return row;
  }

  return {
    /** Platform staff invite a pending firm's contact; the email is tried at once, else kept for a retry. */
    async inviteFirm(actor: SessionUser, firmId: string): Promise<{ delivery: Delivery; message: string }> {
      if (actor.role_name !== 'reti')
        throw new HttpError(403, "Only platform staff can invite a firm's administrator.");
      const outboxId = await db.transaction().execute(async (trx) => {
        const firm = await createFirmsStore(trx).findById(firmId);
        if (!firm) throw new HttpError(404, FIRM_NOT_FOUND);
        const hasAdministrator = (await createUsersStore(trx).listByFirm(firmId)).some(
          (u) => u.role === 'admin',
        );
        if (firm.status === 'active' || hasAdministrator)
          throw new HttpError(
            409,
            `${firm.name} is already active: it has its administrator, so it needs no invitation.`,
          );
        return issue(trx, actor, firm);
      });
      const delivery = await mail.deliver(outboxId);
      return { delivery, message: DELIVERY_MESSAGES[delivery] };
    },

    /** A firm's new user, inside the transaction that creates them; deliver() the answer after it commits. */
    inviteUser: (trx: Kysely<DB>, actor: SessionUser, firm: FirmRow, user: UserRow) =>
      issue(trx, actor, firm, user),

    deliver: (outboxId: string) => mail.deliver(outboxId),

    async view(token: string): Promise<InvitationView> {
      const found = await find(db, token);
      const state = stateOf(found);
      return state === 'valid' ? { state, firmName: found!.firm_name, loginId: found!.login_id } : { state };
    },

    /** Accepts the invitation once: the account is ready to log in with, and the link is spent. */
    async accept(token: string, input: { userId?: string; password: string }): Promise<AcceptedUser> {
      const before = await find(db, token);
      const state = stateOf(before);
      if (state !== 'valid') throw gone(state);
      checkUserId(before!.login_id, input.userId);
      // Hashing is slow: done before the transaction, so it holds its connection only briefly.
      const passwordHash = await hashPassword(input.password);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const found = await find(trx, token);
          // The firm first: two of its links accepted at once then take turns instead of deadlocking.
          const firm = found && (await createFirmsStore(trx).lockById(found.firm_id));
          if (firm?.status === 'inactive') throw new HttpError(409, FIRM_INACTIVE);
          if (!found || !(await createInvitationsStore(trx).markUsed(found.id))) {
            // Used or expired since the first look (another tab, the same link).
            const now = stateOf(found);
            throw gone(now === 'valid' ? 'used' : now);
          }
          const user = found.user_id
            ? await activateUser(trx, found, passwordHash)
            : await createAdministrator(trx, found, input.userId!, passwordHash);
          await createAuditStore(trx).record({
            actorUserId: user.id,
            action: 'invitation.accepted',
            entity: 'invitation',
            entityId: found.id,
          });
          return user;
        });
        return { user_id: row.login_id, first_name: row.first_name, role_name: row.role };
      } catch (error) {
        if (isUniqueViolation(error)) throw userIdTaken(input.userId ?? '');
        throw error;
      }
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
