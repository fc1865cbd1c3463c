import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { createJobQueue, type QueueSpec } from '../jobs';
import { createOutbox } from '../mail/sender';
import type { DeadlineKind, DocketDeadline } from '../shared/ai';
import { PRODUCT_NAME } from '../shared/constants';
import { formatDate, todayIn } from '../shared/dates';
import { pages } from '../shared/paths';
import { createAiStore } from './store';

export const REMINDER_QUEUE = 'ai.deadline-reminders';
/** Each deadline is reminded of 14, 7 and 1 days before it, once each. */
const REMINDER_DAYS = [1, 7, 14] as const;
/** The hour of the firm's day (its time zone) from which that day's reminders go out. */
const REMINDER_HOUR = 7;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The reminder a deadline `daysLeft` days away is due for: the nearest of 14, 7 and 1 at or beyond it.
 * A day missed (the app was down, the deadline appeared later) is made up the next day, saying the days
 * actually left; a reminder already sent is not sent again.
 */
const reminderFor = (daysLeft: number) =>
  daysLeft < 1 ? undefined : REMINDER_DAYS.find((days) => days >= daysLeft);

/** The hour a time zone's clock shows at an instant (0–23). */
function hourIn(timeZone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now);
  return Number(hour);
}

const WORDS: Record<DeadlineKind, string> = {
  deadline: 'is due',
  opens: 'opens',
  expires: 'expires',
  hearing: 'is on',
};

type Person = { id: string; email: string; first_name: string; role: string; status: string };

function reminderEmail(person: Person, d: DocketDeadline, daysLeft: number, publicUrl: string) {
  const left = daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
  const area = person.role === 'admin' ? 'admin' : 'user';
  return {
    subject: `${d.caseNumber}: ${d.title} ${WORDS[d.kind]} ${formatDate(d.date)} (${left})`,
    text: [
      `Hello ${person.first_name},`,
      '',
      `A deadline of case ${d.caseNumber} (${d.clientName}) on the firm's docket, which you own:`,
      '',
      `${d.title}: ${d.receivedBy ? 'USCIS must receive it by ' : ''}${formatDate(d.date)}, ${left}.`,
      ...(d.filing ? [`File Form ${d.filing}.`] : []),
      ...(d.explanation ? [d.explanation] : []),
      ...(d.citation ? [`${d.citation}.`] : []),
      ...(d.sourceUrl ? [d.sourceUrl] : []),
      '',
      'The case:',
      `${publicUrl}${pages.cases(area).view(d.caseId)}`,
      '',
      `${PRODUCT_NAME} reminds each deadline's owner 14, 7 and 1 days before it, until it is marked done or dismissed.`,
    ].join('\n'),
  };
}

/**
 * Reminder emails of the firms' deadlines, through the outbox: each day, once the firm's clock passes
 * 7 AM, a background job sends each open deadline's owner the reminders due that day, each once.
 */
export function createDeadlineReminders(deps: {
  db: Kysely<DB>;
  /** The firm's open deadlines, from the docket. */
  openDeadlines(firmId: string): Promise<DocketDeadline[]>;
  timeZoneOf(firmId: string): Promise<string>;
  firmUsers(firmId: string): Promise<Person[]>;
  activeFirmIds(): Promise<string[]>;
  publicUrl: string;
  /** Tells this process's job runner that a run waits. */
  wake(): void;
}) {
  /** Sends the reminders of a firm due on `day` (the firm's date); answers how many were sent. */
  async function send(firmId: string, day: string): Promise<number> {
    const [deadlines, people] = await Promise.all([deps.openDeadlines(firmId), deps.firmUsers(firmId)]);
    const byId = new Map(people.map((p) => [p.id, p]));
    let sent = 0;
    for (const item of deadlines) {
      const person = item.owner && byId.get(item.owner.id);
      const daysLeft = daysBetween(day, item.date);
      const daysBefore = reminderFor(daysLeft);
      if (!person || person.status !== 'active' || !person.email || !daysBefore) continue;
      const queued = await inTransaction(deps.db, async (trx) => {
        const first = await createAiStore(trx).claimReminder({
          firmId,
          userId: person.id,
          caseId: item.caseId,
          deadlineId: item.id,
          deadlineDate: item.date,
          daysBefore,
        });
        if (first)
          await createOutbox(trx).enqueue({
            to: person.email,
            ...reminderEmail(person, item, daysLeft, deps.publicUrl),
            firmId,
          });
        return first;
      });
      if (queued) sent++;
    }
    return sent;
  }

  return {
    send,

    /**
     * Queues the day's run of each active firm whose clock has passed 7 AM, once per firm and day (its
     * date where it is); answers how many were queued.
     */
    async schedule(now = new Date()): Promise<number> {
      let queued = 0;
      for (const firmId of await deps.activeFirmIds()) {
        const timeZone = await deps.timeZoneOf(firmId);
        if (hourIn(timeZone, now) < REMINDER_HOUR) continue;
        const day = todayIn(timeZone, now);
        const claimed = await inTransaction(deps.db, async (trx) => {
          if (!(await createAiStore(trx).claimRun(firmId, day))) return false;
          await createJobQueue(trx).enqueue({ queue: REMINDER_QUEUE, payload: { firmId, day }, firmId });
          return true;
        });
        if (claimed) queued++;
      }
      if (queued) deps.wake();
      return queued;
    },

    /** The job that sends one firm's reminders of one day. */
    queue: {
      concurrency: 1,
      leaseSeconds: 120,
      handle: async (job) => void (await send(job.payload.firmId, job.payload.day)),
    } satisfies QueueSpec<{ firmId: string; day: string }>,
  };
}

export type DeadlineReminders = ReturnType<typeof createDeadlineReminders>;
