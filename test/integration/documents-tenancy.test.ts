import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Grant } from '../../src/access/action';
import { DOCUMENTS_ACTIONS } from '../../src/documents/actions';
import type { Action } from '../../src/shared/access';
import type { CaseRecord } from '../../src/shared/cases';
import type { DocumentRecord } from '../../src/shared/documents';
import {
  BACKENDS,
  DEMO_LOGINS,
  demoFirmId,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
} from '../helpers/app';
import { analysed, filesIn, incomingDir, upload } from '../helpers/documents';
import { textPdf } from '../helpers/files';
import { waitFor } from '../helpers/poll';

type Key = keyof typeof DOCUMENTS_ACTIONS;
type Role = 'user' | 'admin' | 'reti';
const ROLES: Role[] = ['user', 'admin', 'reti'];
const KEYS = Object.keys(DOCUMENTS_ACTIONS) as Key[];
const STAFF_REFUSED = "Documents belong to a firm: platform staff do not see a firm's documents.";
const NOT_FOUND = 'Document not found.';
const CASE_NOT_FOUND = 'Case not found.';

/** The catalog rows and default grants, written out by hand: firm users and admins alike, platform staff nothing. */
const CATALOG: Record<Key, { name: string; method: string; route: string; category: string }> = {
  uploadDocument: {
    name: 'Upload Document',
    method: 'POST',
    route: '/api/documents/upload',
    category: 'Document Management',
  },
  listDocuments: {
    name: 'Get Documents',
    method: 'GET',
    route: '/api/documents',
    category: 'Document Management',
  },
  getDocument: {
    name: 'Get Document',
    method: 'GET',
    route: '/api/documents/{id}',
    category: 'Document Management',
  },
  downloadDocument: {
    name: 'Download Document',
    method: 'GET',
    route: '/api/documents/{id}/content',
    category: 'Document Management',
  },
  deleteDocument: {
    name: 'Delete Document',
    method: 'DELETE',
    route: '/api/documents/{id}',
    category: 'Document Management',
  },
  buildEvidencePackage: {
    name: 'Build Evidence Package',
    method: 'POST',
    route: '/api/documents/evidence-package',
    category: 'Document Management',
  },
  analyzeDocument: {
    name: 'Analyze Document',
    method: 'POST',
    route: '/api/ai/analyze',
    category: 'AI Tools',
  },
};
const GRANTS: Record<Key, Record<Role, Grant>> = {
  uploadDocument: { user: 'w', admin: 'w', reti: '' },
  listDocuments: { user: 'r', admin: 'r', reti: '' },
  getDocument: { user: 'r', admin: 'r', reti: '' },
  downloadDocument: { user: 'r', admin: 'r', reti: '' },
  deleteDocument: { user: 'd', admin: 'd', reti: '' },
  buildEvidencePackage: { user: 'w', admin: 'w', reti: '' },
  analyzeDocument: { user: 'w', admin: 'w', reti: '' },
};

const flagOf = (method: string) => (method === 'GET' ? 'read' : method === 'DELETE' ? 'delete' : 'write');
const flagsOf = (p: { can_read: boolean; can_write: boolean; can_delete: boolean }) =>
  `${p.can_read ? 'r' : ''}${p.can_write ? 'w' : ''}${p.can_delete ? 'd' : ''}`;
/** The body of PUT /permissions/{id}: flags per role. */
const matrixRow = (flags: Record<Role, Grant>) => ({
  permissions: ROLES.map((roleId) => ({
    roleId,
    canRead: flags[roleId].includes('r'),
    canWrite: flags[roleId].includes('w'),
    canDelete: flags[roleId].includes('d'),
  })),
});

const call = (as: SignedIn, method: string, route: string, body?: object) => {
  const req = as.agent[method.toLowerCase() as 'get' | 'post' | 'delete'](`/api${route}`).set(
    'X-CSRF-Token',
    as.token,
  );
  return body ? req.send(body) : req;
};

describe.each(BACKENDS)('documents between tenants on %s', (backend) => {
  let t: TestApp;
  let admin: SignedIn;
  let attorney: SignedIn;
  let staff: SignedIn;
  let other: { id: string; admin: SignedIn; user: SignedIn; case: CaseRecord };
  let firmId: string;
  let theirs: { case: CaseRecord; document: DocumentRecord; bytes: Buffer };
  let actionIds: Record<Key, string>;

  const db = () => t.database.db;

  /** The demo firm's documents as stored, with their files, to prove that nothing moved. */
  const snapshot = async () => ({
    rows: await db()
      .selectFrom('documents')
      .selectAll()
      .where('firm_id', '=', firmId)
      .orderBy('id')
      .execute(),
    files: filesIn(path.join(t.config.dataDir, 'documents', firmId)).sort(),
    audit: (await db().selectFrom('audit_log').select('id').where('firm_id', '=', firmId).execute()).length,
  });

  /**
   * Each action's request on the demo firm's document and case, with a body that would succeed for the
   * firm itself. The upload is a real multipart upload.
   */
  function send(as: SignedIn, key: Key, ids = { document: theirs.document.id, case: theirs.case.id }) {
    const { method, route } = DOCUMENTS_ACTIONS[key];
    if (key === 'uploadDocument')
      return upload(as, theirs.bytes, 'filed by a stranger.pdf', { caseId: ids.case });
    const body: Partial<Record<Key, object>> = {
      buildEvidencePackage: { caseId: ids.case, documentIds: [ids.document] },
      analyzeDocument: { documentId: ids.document },
    };
    return call(as, method, route.replace('{id}', ids.document), body[key]);
  }

  // Signing in hashes passwords (argon2), several times: slow on a loaded machine.
  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = await signIn(t.app, DEMO_LOGINS.admin);
    attorney = await signIn(t.app, DEMO_LOGINS.user);
    staff = await signIn(t.app, DEMO_LOGINS.reti);
    firmId = await demoFirmId(t.database);
    const second = await secondFirm(t);
    const otherAdmin = await signIn(t.app, second.admin);
    const otherCase = await call(otherAdmin, 'POST', '/cases', {
      clientName: 'Tomas Lindqvist',
      caseType: 'visa',
      formType: 'I-765',
    });
    expect(otherCase.status).toBe(201);
    other = {
      id: second.id,
      admin: otherAdmin,
      user: await signIn(t.app, second.user),
      case: otherCase.body,
    };

    const created = await call(admin, 'POST', '/cases', {
      clientName: 'Priya Raghunathan',
      caseType: 'asylum',
      formType: 'I-589',
    });
    expect(created.status).toBe(201);
    const bytes = await textPdf(['Confidential asylum declaration', 'Persecution account: zanzibarite']);
    const uploaded = await upload(admin, bytes, 'declaration.pdf', {
      caseId: created.body.id,
      category: 'legal-brief',
    });
    expect(uploaded.status).toBe(201);
    theirs = { case: created.body, document: await analysed(admin, uploaded.body.id), bytes };
    expect(theirs.document.status).toBe('done');

    const actions: Action[] = (await call(staff, 'GET', '/actions')).body;
    actionIds = Object.fromEntries(
      KEYS.map((key) => [key, actions.find((a) => a.name === CATALOG[key].name)!.id]),
    ) as Record<Key, string>;
  }, 60_000);
  afterAll(() => t?.close());

  describe('another firm', () => {
    it.each(['admin', 'user'] as const)(
      "another firm's %s gets 404 for the firm's document and case on every route, and changes nothing",
      async (role) => {
        const as = other[role];
        const before = await snapshot();
        for (const key of KEYS.filter((k) => k !== 'listDocuments' && k !== 'uploadDocument')) {
          const res = await send(as, key);
          const message = key === 'buildEvidencePackage' ? CASE_NOT_FOUND : NOT_FOUND;
          expect([key, res.status, res.body.error]).toEqual([key, 404, message]);
        }
        // Filing into the firm's case is refused as for a case that does not exist.
        const filed = await send(as, 'uploadDocument');
        expect([filed.status, filed.body.error]).toEqual([422, CASE_NOT_FOUND]);
        // Their own case with the firm's document: not a document of that case.
        const mixed = await send(as, 'buildEvidencePackage', {
          document: theirs.document.id,
          case: other.case.id,
        });
        expect([mixed.status, mixed.body.error]).toEqual([422, 'Choose only documents of this case']);
        await waitFor(() => filesIn(incomingDir(t)).length === 0, 5_000);
        expect(await snapshot()).toEqual(before);
        expect((await call(admin, 'GET', `/documents/${theirs.document.id}`)).body.status).toBe('done');
      },
    );

    it.each(['admin', 'user'] as const)(
      "another firm's %s never finds the firm's document in lists or counts",
      async (role) => {
        const as = other[role];
        const queries = [
          '',
          '?pageSize=100',
          '?q=zanzibarite',
          '?q=declaration',
          `?caseId=${theirs.case.id}`,
          `?clientId=${theirs.case.client.id}`,
          '?type=other',
          '?status=done',
          '?category=legal-brief',
        ];
        for (const query of queries) {
          const res = await call(as, 'GET', `/documents${query}`);
          expect([query, res.status]).toEqual([query, 200]);
          const ids = res.body.items.map((d: DocumentRecord) => d.id);
          expect([query, ids.includes(theirs.document.id)]).toEqual([query, false]);
          for (const d of res.body.items as DocumentRecord[]) expect(d.case?.id).not.toBe(theirs.case.id);
        }
        // What the search finds is exactly their own firm's documents of that word.
        const ownWithWord = await db()
          .selectFrom('documents')
          .select('id')
          .where('firm_id', '=', other.id)
          .where('search_text', 'like', '%zanzibarite%')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        const searched = await call(as, 'GET', '/documents?q=zanzibarite');
        expect(searched.body.items.map((d: DocumentRecord) => d.id)).toEqual(ownWithWord.map((r) => r.id));
        expect((await call(as, 'GET', `/documents?caseId=${theirs.case.id}`)).body.total).toBe(0);
        // Their own document of the same words is theirs alone, and the firm does not see it either; the
        // administrator's documents card counts each firm's own.
        const card = async (as: SignedIn) =>
          (await call(as, 'GET', '/dashboard')).body.stats.find((s: { key: string }) => s.key === 'documents')
            .value;
        const cards = { theirs: await card(other.admin), ours: await card(admin) };
        const own = await upload(as, theirs.bytes, `own declaration of the ${role}.pdf`, {
          caseId: other.case.id,
        });
        expect(own.status).toBe(201);
        await analysed(as, own.body.id);
        expect(await card(other.admin)).toBe(cards.theirs + 1);
        expect(await card(admin)).toBe(cards.ours);
        const found = await call(as, 'GET', '/documents?q=zanzibarite');
        expect(found.body.items.map((d: DocumentRecord) => d.id)).toContain(own.body.id);
        expect(found.body.items.map((d: DocumentRecord) => d.id)).not.toContain(theirs.document.id);
        const demo = await call(attorney, 'GET', '/documents?q=zanzibarite');
        expect(demo.body.items.map((d: DocumentRecord) => d.id)).toEqual([theirs.document.id]);
        for (const key of ['getDocument', 'downloadDocument', 'analyzeDocument'] as const) {
          const res = await send(attorney, key, { document: own.body.id, case: theirs.case.id });
          expect([key, res.status, res.body.error]).toEqual([key, 404, NOT_FOUND]);
        }
      },
    );
  });

  describe('platform staff', () => {
    it.each(KEYS)('%s answers 403 to Reti staff by default, and keeps nothing', async (key) => {
      const before = await snapshot();
      const res = await send(staff, key);
      expect([res.status, res.body.error]).toEqual([
        403,
        `Your role (reti) does not have ${flagOf(DOCUMENTS_ACTIONS[key].method)} permission for ${CATALOG[key].name}.`,
      ]);
      expect(res.body.items).toBeUndefined();
      await waitFor(() => filesIn(incomingDir(t)).length === 0, 5_000);
      expect(await snapshot()).toEqual(before);
    });

    it("even granted every flag in the matrix, staff reach no firm's documents", async () => {
      const all: Record<Role, Grant> = { user: 'rwd', admin: 'rwd', reti: 'rwd' };
      for (const key of KEYS) {
        const opened = await call(
          staff,
          'PUT',
          `/permissions/${actionIds[key]}`,
          matrixRow({ ...GRANTS[key], reti: all.reti }),
        );
        expect([key, opened.status]).toEqual([key, 200]);
      }
      const before = await snapshot();
      try {
        for (const key of KEYS) {
          const res = await send(staff, key);
          expect([key, res.status, res.body.error]).toEqual([key, 403, STAFF_REFUSED]);
        }
        const pasted = await call(staff, 'POST', '/ai/analyze', { text: 'I-797C Notice of Action' });
        expect([pasted.status, pasted.body.error]).toEqual([403, STAFF_REFUSED]);
        const listed = await call(staff, 'GET', '/documents?q=zanzibarite');
        expect([listed.status, listed.body.items]).toEqual([403, undefined]);
      } finally {
        for (const key of KEYS)
          expect(
            (await call(staff, 'PUT', `/permissions/${actionIds[key]}`, matrixRow(GRANTS[key]))).status,
          ).toBe(200);
      }
      await waitFor(() => filesIn(incomingDir(t)).length === 0, 5_000);
      expect(await snapshot()).toEqual(before);
      expect((await send(staff, 'getDocument')).body.error).toBe(
        'Your role (reti) does not have read permission for Get Document.',
      );
    });
  });

  describe('the permission matrix', () => {
    it('catalogs each documents action as declared, with exactly its default grants', async () => {
      const rows = await db()
        .selectFrom('permissions')
        .innerJoin('actions', 'actions.id', 'permissions.action_id')
        .select([
          'actions.name',
          'actions.method',
          'actions.route',
          'actions.category',
          'actions.is_active',
          'role',
          'can_read',
          'can_write',
          'can_delete',
        ])
        .execute();
      for (const key of KEYS) {
        const action = DOCUMENTS_ACTIONS[key];
        expect([
          key,
          {
            name: action.name,
            method: action.method,
            route: `/api${action.route}`,
            category: action.category,
          },
        ]).toEqual([key, CATALOG[key]]);
        const mine = rows.filter((r) => r.method === CATALOG[key].method && r.route === CATALOG[key].route);
        expect(mine.map((r) => r.role).sort()).toEqual(['admin', 'client', 'reti', 'user']);
        // A client holds none of the firm's documents actions (issue 23).
        expect([key, flagsOf(mine.find((r) => r.role === 'client')!)]).toEqual([key, '']);
        expect([mine[0].name, mine[0].category, mine[0].is_active]).toEqual([
          CATALOG[key].name,
          CATALOG[key].category,
          true,
        ]);
        const stored = Object.fromEntries(
          mine.filter((r) => r.role !== 'client').map((r) => [r.role, flagsOf(r)]),
        );
        const declared = Object.fromEntries(ROLES.map((role) => [role, action.grants?.[role] ?? '']));
        expect([key, stored]).toEqual([key, GRANTS[key]]);
        expect([key, declared]).toEqual([key, GRANTS[key]]);
      }
    });

    it.each(KEYS)(
      "closing the firm user's flag on %s refuses its route at once (403); reopening restores it",
      async (key) => {
        const id = actionIds[key];
        const flag = flagOf(DOCUMENTS_ACTIONS[key].method);
        const closed = await call(
          staff,
          'PUT',
          `/permissions/${id}`,
          matrixRow({ ...GRANTS[key], user: '' }),
        );
        expect(closed.status).toBe(200);
        const before = await snapshot();
        try {
          const refused = await send(attorney, key);
          expect([refused.status, refused.body.error]).toEqual([
            403,
            `Your role (user) does not have ${flag} permission for ${CATALOG[key].name}.`,
          ]);
          await waitFor(() => filesIn(incomingDir(t)).length === 0, 5_000);
          expect(await snapshot()).toEqual(before);
          // Only that role's flag: the administrator still may (reading, which changes nothing).
          if (DOCUMENTS_ACTIONS[key].method === 'GET') expect((await send(admin, key)).status).toBe(200);
        } finally {
          expect((await call(staff, 'PUT', `/permissions/${id}`, matrixRow(GRANTS[key]))).status).toBe(200);
        }
        if (DOCUMENTS_ACTIONS[key].method === 'GET') expect((await send(attorney, key)).status).toBe(200);
      },
    );
  });

  it('answers 404 for a well-formed ID of no document at all, as for another firm’s', async () => {
    const nowhere = crypto.randomUUID();
    for (const key of ['getDocument', 'downloadDocument', 'deleteDocument', 'analyzeDocument'] as const) {
      const res = await send(attorney, key, { document: nowhere, case: theirs.case.id });
      expect([key, res.status, res.body.error]).toEqual([key, 404, NOT_FOUND]);
    }
    expect(fs.existsSync(path.join(t.config.dataDir, 'documents', firmId, theirs.document.id))).toBe(true);
  });
});
