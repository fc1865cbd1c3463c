import request from 'supertest';
import { BACKENDS, startTestApp, type TestApp, visibleText } from '../helpers/app';

describe.each(BACKENDS)('contact requests on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  const rows = () => t.database.db.selectFrom('contact_requests').selectAll().orderBy('created_at').execute();
  const outbox = () => t.database.db.selectFrom('outbox').selectAll().orderBy('created_at').execute();

  it('stores the request and queues an email to the sales team', async () => {
    const before = (await rows()).length;
    const res = await request(t.app).post('/api/comm/contact').send({
      name: '  Ana Souza ',
      firm: 'Souza Law',
      phone: '+1 (555) 123-4567',
      email: 'ana@souza.example',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Thanks! We'll be in touch shortly.");
    const stored = (await rows()).at(-1)!;
    expect((await rows()).length).toBe(before + 1);
    expect(stored).toMatchObject({
      name: 'Ana Souza',
      firm: 'Souza Law',
      phone: '+1 (555) 123-4567',
      email: 'ana@souza.example',
    });
    const email = (await outbox()).at(-1)!;
    expect(email).toMatchObject({ to_address: 'sales@reti-immigration.example', status: 'pending' });
    expect(email.subject).toBe('Reti Immigration: contact request from Ana Souza');
    expect(email.text_body).toContain('Phone: +1 (555) 123-4567');
    expect(email.text_body).toContain(`Request ID: ${stored.id}`);
  });

  it.each([
    [{ name: 'A', phone: '5551234', email: 'not-an-email' }, 'email', 'Enter a valid email'],
    [{ name: 'A', phone: '12-34', email: 'a@b.co' }, 'phone', 'Enter a valid phone number'],
    [{ name: '   ', phone: '5551234', email: 'a@b.co' }, 'name', 'Enter your name'],
    [{ name: 'A', phone: 5551234, email: 'a@b.co' }, 'phone', 'Enter a valid phone number'],
    [{ name: 'A'.repeat(201), phone: '5551234', email: 'a@b.co' }, 'name', 'Name is too long'],
  ])('refuses %j with the field message and stores nothing', async (body, field, message) => {
    const before = (await rows()).length;
    const res = await request(t.app).post('/api/comm/contact').send(body);
    expect(res.status).toBe(422);
    expect(res.body.fields[field]).toBe(message);
    expect((await rows()).length).toBe(before);
  });

  it('keeps markup and SQL as plain text and renders them escaped', async () => {
    const name = `<script>alert(1)</script>'); DROP TABLE users; --`;
    const users = (await t.database.db.selectFrom('users').select('id').execute()).length;
    const res = await request(t.app)
      .post('/api/comm/contact')
      .send({ name, firm: '<b>bold</b>', phone: '5551234567', email: 'x@y.co' });
    expect(res.status).toBe(201);
    expect((await rows()).at(-1)).toMatchObject({ name, firm: '<b>bold</b>' });
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(users);
    expect(users).toBeGreaterThan(0);
    // Re-rendered by the server (the no-JavaScript path) the values come back escaped.
    const page = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ name, firm: '<b>bold</b>', phone: '1', email: 'x@y.co', return_to: '/' });
    expect(page.status).toBe(422);
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).not.toContain('<b>bold</b>');
    expect(page.text).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;&#x27;); DROP TABLE users; --"');
  });

  it('works as a form without JavaScript: errors with the values kept, then success', async () => {
    const bad = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ name: 'Ana', firm: '', phone: 'abc', email: 'ana@', return_to: '/public' });
    expect(bad.status).toBe(422);
    const text = visibleText(bad.text);
    expect(text).toContain('Enter a valid phone number');
    expect(text).toContain('Enter a valid email');
    expect(bad.text).toMatch(/<dialog id="contact"[^>]* open=""/);
    expect(bad.text).toContain('value="Ana"');
    const good = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ name: 'Ana', firm: '', phone: '555 123 4567', email: 'ana@firm.example', return_to: '/' });
    expect(good.status).toBe(303);
    expect(good.headers.location).toBe('/?contact=sent#contact');
    const shown = await request(t.app).get('/?contact=sent');
    expect(visibleText(shown.text)).toContain("Thanks! We'll be in touch shortly.");
    expect((await rows()).at(-1)).toMatchObject({ name: 'Ana', firm: '', phone: '555 123 4567' });
  });

  it('shows the SPEC failure message when the request cannot be stored', async () => {
    const broken = await startTestApp({ backend });
    await broken.database.close();
    const res = await request(broken.app)
      .post('/contact')
      .type('form')
      .send({ name: 'Ana', phone: '5551234567', email: 'a@b.co', return_to: '/' });
    expect(res.status).toBe(503);
    expect(visibleText(res.text)).toContain('Unable to send right now. Please try again later.');
    const api = await request(broken.app)
      .post('/api/comm/contact')
      .send({ name: 'Ana', phone: '5551234567', email: 'a@b.co' });
    expect(api.status).toBe(500);
    expect(api.body.error).toBe('Something went wrong on our side. Please try again.');
    await broken.close().catch(() => undefined);
  });
});
