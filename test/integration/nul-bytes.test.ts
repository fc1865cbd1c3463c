import request from 'supertest';
import { NUL_MESSAGE } from '../../src/http/validation';
import {
  BACKENDS,
  countRows,
  csrfFrom,
  DEMO_PASSWORD,
  demoFirmId,
  startTestApp,
  type TestApp,
} from '../helpers/app';

const NUL = 'Ana\u0000Lima';

/**
 * A NUL character in any text field used to reach PostgreSQL and fail there (500). Every input now
 * passes one rule first: refused with the field's message, and nothing is stored.
 */
describe.each(BACKENDS)('text with a NUL character (%s)', (backend) => {
  let t: TestApp;
  let staff: request.Agent;
  let token: string;
  let firmId: string;
  let actionId: string;
  beforeAll(async () => {
    t = await startTestApp({ backend });
    staff = request.agent(t.app);
    await staff.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD }).expect(200);
    token = csrfFrom((await staff.get('/reti/dashboard')).text);
    firmId = await demoFirmId(t.database);
    actionId = (await staff.get('/api/actions').expect(200)).body[0].id;
  });
  afterAll(() => t.close());

  /** How many rows the tables a refused request could have written hold. */
  const storedRows = () =>
    Promise.all(
      (['firms', 'users', 'actions', 'contact_requests'] as const).map((table) =>
        countRows(t.database, table),
      ),
    );

  const firm = {
    name: 'Firm',
    contactPerson: 'Dana',
    contactRole: 'Partner',
    email: 'dana@firm.example',
    phone: '555 123 4567',
  };
  const action = { name: 'X', category: 'Y', route: '/api/x', method: 'GET', description: 'Z' };

  type Case = [
    string,
    'anonymous' | 'staff',
    'post' | 'put' | 'patch' | 'get',
    string,
    'json' | 'form',
    object,
    string,
  ];
  const cases = (): Case[] => [
    [
      'sign-in (API)',
      'anonymous',
      'post',
      '/api/auth/login',
      'json',
      { user_id: NUL, password: 'x' },
      'user_id',
    ],
    [
      'sign-in (form)',
      'anonymous',
      'post',
      '/login',
      'form',
      { user_id: 'admin', password: NUL },
      'password',
    ],
    [
      'contact (API)',
      'anonymous',
      'post',
      '/api/comm/contact',
      'json',
      { name: NUL, phone: '5551234567', email: 'a@b.co' },
      'name',
    ],
    [
      'contact (form)',
      'anonymous',
      'post',
      '/contact',
      'form',
      { name: 'Ana', firm: NUL, phone: '5551234567', email: 'a@b.co' },
      'firm',
    ],
    [
      'registration',
      'anonymous',
      'post',
      '/api/auth/register',
      'json',
      { token: NUL, password: 'x' },
      'token',
    ],
    ['demo sign-in', 'anonymous', 'post', '/api/demo/login', 'json', { role: NUL }, 'role'],
    ['a new firm (API)', 'staff', 'post', '/api/firms', 'json', { ...firm, address: NUL }, 'address'],
    [
      'a new firm (form)',
      'staff',
      'post',
      '/reti/firm-onboard',
      'form',
      { ...firm, contactRole: NUL },
      'contactRole',
    ],
    ['a firm edit (API)', 'staff', 'put', `/api/firms/${firmId}`, 'json', { ...firm, name: NUL }, 'name'],
    [
      'a firm user',
      'staff',
      'post',
      `/api/firms/${firmId}/users`,
      'json',
      { userId: 'nat', firstName: NUL, email: 'n@b.co', role: 'user' },
      'firstName',
    ],
    [
      'a new action (API)',
      'staff',
      'post',
      '/api/actions',
      'json',
      { ...action, description: NUL },
      'description',
    ],
    [
      'a new action (form)',
      'staff',
      'post',
      '/reti/actions',
      'form',
      { ...action, category: NUL },
      'category',
    ],
    ['an action patch', 'staff', 'patch', `/api/actions/${actionId}`, 'json', { name: NUL }, 'name'],
    [
      'the firms list query',
      'staff',
      'get',
      `/api/firms?page=1${encodeURIComponent('\u0000')}`,
      'json',
      {},
      'page',
    ],
  ];

  it('refuses each with 400 or 422 and the field message, storing nothing', async () => {
    for (const [what, who, method, path, type, body, field] of cases()) {
      const counts = await storedRows();
      const agent = who === 'staff' ? staff : request(t.app);
      let call = agent[method](path);
      if (who === 'staff') call = call.set('X-CSRF-Token', token);
      const res =
        type === 'form' ? await call.type('form').send({ ...body, _csrf: token }) : await call.send(body);
      expect([what, [400, 422].includes(res.status)]).toEqual([what, true]);
      if (type === 'json') expect([what, res.body.fields?.[field]]).toEqual([what, NUL_MESSAGE]);
      else expect([what, res.text.includes(NUL_MESSAGE)]).toEqual([what, true]);
      const after = await storedRows();
      expect([what, after]).toEqual([what, counts]);
    }
  });
});
