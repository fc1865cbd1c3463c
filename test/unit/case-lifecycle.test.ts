import { caseListQuery, moveSchema } from '../../src/cases/schema';
import {
  ADMIN_FILTERS,
  ADMIN_VIEW,
  CASE_MOVES,
  CASE_STATUSES,
  type CaseStatus,
  canMove,
  DECISION_DATE_MISSING,
  DECISIONS,
  isDecision,
  MOVE_LABELS,
  OPEN_STATUSES,
  refusedMoveMessage,
  STATUS_FILTERS,
  USER_VIEW,
} from '../../src/shared/cases';

/**
 * The lifecycle written out here by hand, not read from CASE_MOVES: a changed machine must change this
 * table on purpose. A case opens pending, is worked on (processing), may wait (on hold), and ends with
 * USCIS's decision; a rejection reopens on appeal, an approval is final.
 */
const ALLOWED: Array<[CaseStatus, CaseStatus]> = [
  ['pending', 'processing'],
  ['pending', 'on-hold'],
  ['processing', 'approved'],
  ['processing', 'rejected'],
  ['processing', 'on-hold'],
  ['on-hold', 'processing'],
  ['rejected', 'processing'],
];

const PAIRS = CASE_STATUSES.flatMap((from) => CASE_STATUSES.map((to) => [from, to] as const));
const isAllowed = (from: CaseStatus, to: CaseStatus) => ALLOWED.some(([f, t]) => f === from && t === to);

/** Every refused move's exact message: what was refused, then the moves that are allowed. */
const REFUSALS: Record<string, string> = {
  'pending→pending': 'The case is pending already.',
  'pending→approved': 'A pending case cannot be moved to approved. Allowed: processing, on hold.',
  'pending→rejected': 'A pending case cannot be moved to rejected. Allowed: processing, on hold.',
  'processing→pending': 'A processing case cannot be moved to pending. Allowed: approved, rejected, on hold.',
  'processing→processing': 'The case is processing already.',
  'on-hold→pending': 'An on-hold case cannot be moved to pending. Allowed: processing.',
  'on-hold→on-hold': 'The case is on hold already.',
  'on-hold→approved': 'An on-hold case cannot be moved to approved. Allowed: processing.',
  'on-hold→rejected': 'An on-hold case cannot be moved to rejected. Allowed: processing.',
  'approved→pending':
    'An approved case cannot be moved to pending. An approved case is final: no move is allowed.',
  'approved→processing':
    'An approved case cannot be moved to processing. An approved case is final: no move is allowed.',
  'approved→on-hold':
    'An approved case cannot be moved to on hold. An approved case is final: no move is allowed.',
  'approved→approved': 'The case is approved already.',
  'approved→rejected':
    'An approved case cannot be moved to rejected. An approved case is final: no move is allowed.',
  'rejected→pending': 'A rejected case cannot be moved to pending. Allowed: processing.',
  'rejected→on-hold': 'A rejected case cannot be moved to on hold. Allowed: processing.',
  'rejected→approved': 'A rejected case cannot be moved to approved. Allowed: processing.',
  'rejected→rejected': 'The case is rejected already.',
};

describe('the case lifecycle', () => {
  it.each(PAIRS)('%s → %s is allowed exactly when the lifecycle says so', (from, to) => {
    expect(canMove(from, to)).toBe(isAllowed(from, to));
    expect(CASE_MOVES[from].includes(to)).toBe(isAllowed(from, to));
  });

  it('declares no move beyond the table, and every status has its list', () => {
    expect(Object.keys(CASE_MOVES).sort()).toEqual([...CASE_STATUSES].sort());
    const declared = CASE_STATUSES.flatMap((from) => CASE_MOVES[from].map((to) => `${from}→${to}`));
    expect(declared.sort()).toEqual(ALLOWED.map(([f, t]) => `${f}→${t}`).sort());
  });

  it.each(PAIRS.filter(([f, t]) => !isAllowed(f, t)))(
    'refuses %s → %s with a message naming the allowed moves',
    (from, to) => {
      const message = refusedMoveMessage(from, to);
      expect(message).toBe(REFUSALS[`${from}→${to}`]);
      if (from !== to && CASE_MOVES[from].length)
        expect(
          message.endsWith(`Allowed: ${CASE_MOVES[from].map((s) => s.replace('-', ' ')).join(', ')}.`),
        ).toBe(true);
    },
  );

  it('has a refusal message for every refused pair and none for an allowed one', () => {
    expect(Object.keys(REFUSALS).sort()).toEqual(
      PAIRS.filter(([f, t]) => !isAllowed(f, t))
        .map(([f, t]) => `${f}→${t}`)
        .sort(),
    );
  });

  it('reaches every status from pending, and only approved is final', () => {
    const reached = new Set<CaseStatus>(['pending']);
    for (let grew = true; grew;) {
      grew = false;
      for (const from of [...reached])
        for (const to of CASE_MOVES[from])
          if (!reached.has(to)) {
            reached.add(to);
            grew = true;
          }
    }
    expect([...reached].sort()).toEqual([...CASE_STATUSES].sort());
    expect(CASE_STATUSES.filter((s) => CASE_MOVES[s].length === 0)).toEqual(['approved']);
  });

  it("every move's target has its button's words", () => {
    for (const to of new Set(ALLOWED.map(([, t]) => t))) expect(MOVE_LABELS[to]).toMatch(/\S/);
  });

  it('the move schema accepts the five stored statuses and nothing else; a decision comes with its date', () => {
    for (const status of CASE_STATUSES.filter((s) => !isDecision(s)))
      expect(moveSchema.parse({ status })).toEqual({ status });
    for (const status of DECISIONS) {
      expect(moveSchema.parse({ status, decidedOn: '2026-11-23' })).toEqual({
        status,
        decidedOn: '2026-11-23',
      });
      const undated = moveSchema.safeParse({ status });
      expect(undated.error?.issues.map((i) => [i.path, i.message])).toEqual([
        [['decidedOn'], DECISION_DATE_MISSING],
      ]);
    }
    const refused = moveSchema.safeParse({ status: 'active' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe(
      'Status must be one of pending, processing, on-hold, approved, rejected',
    );
  });
});

describe('the two views and the status filter', () => {
  const USER_WORDS = ['pending', 'processing', 'approved', 'rejected'] as const;

  it('the user view shows four words, each status as exactly one of them', () => {
    expect(new Set(Object.values(USER_VIEW))).toEqual(new Set(USER_WORDS));
    expect(USER_VIEW).toEqual({
      pending: 'pending',
      processing: 'processing',
      'on-hold': 'processing',
      approved: 'approved',
      rejected: 'rejected',
    });
  });

  it('the administrator filter shows four words, each status as exactly one of them', () => {
    expect(new Set(Object.values(ADMIN_VIEW))).toEqual(new Set(ADMIN_FILTERS));
    expect(ADMIN_VIEW).toEqual({
      pending: 'pending',
      processing: 'active',
      'on-hold': 'on-hold',
      approved: 'completed',
      rejected: 'completed',
    });
  });

  it.each([
    ['admin filter', ADMIN_FILTERS, ADMIN_VIEW],
    ['user view', USER_WORDS, USER_VIEW],
  ] as const)('the %s words partition the statuses exactly, as the filter reads them', (_, words, view) => {
    for (const status of CASE_STATUSES) {
      const holders = words.filter((w) => STATUS_FILTERS[w].includes(status));
      expect([status, holders]).toEqual([status, [view[status]]]);
    }
    for (const word of words)
      expect([word, [...STATUS_FILTERS[word]].sort()]).toEqual([
        word,
        CASE_STATUSES.filter((s) => view[s] === word).sort(),
      ]);
  });

  it('each stored status filters to itself, and open is every status not yet decided', () => {
    for (const status of CASE_STATUSES.filter((s) => s !== 'processing'))
      expect(STATUS_FILTERS[status]).toEqual([status]);
    expect([...STATUS_FILTERS.open].sort()).toEqual([...OPEN_STATUSES].sort());
    expect([...OPEN_STATUSES].sort()).toEqual(
      CASE_STATUSES.filter((s) => ADMIN_VIEW[s] !== 'completed').sort(),
    );
    expect(Object.keys(STATUS_FILTERS).sort()).toEqual(
      [...new Set([...CASE_STATUSES, ...ADMIN_FILTERS, ...USER_WORDS, 'open'])].sort(),
    );
  });

  it('the list query accepts every filter word and refuses any other', () => {
    for (const status of Object.keys(STATUS_FILTERS))
      expect(caseListQuery.parse({ status }).status).toBe(status);
    const refused = caseListQuery.safeParse({ status: 'closed' });
    expect(refused.error?.issues[0].message).toBe(
      'status must be one of pending, processing, on-hold, approved, rejected, active, completed, open',
    );
  });
});
