import { addressKind, MailHostError, mailHostChecker } from '../../src/mail/hosts';

describe("where a firm's mail server may be", () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['2001:4860:4860::8888', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['127.0.0.1', 'private'],
    ['127.1.2.3', 'private'],
    ['10.1.2.3', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.0.5', 'private'],
    ['169.254.1.1', 'private'],
    ['100.64.3.3', 'private'],
    ['::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['::ffff:7f00:1', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:c0a8:0101::1', 'private'],
    ['169.254.169.254', 'never'],
    ['::ffff:169.254.169.254', 'never'],
    ['fd00:ec2::254', 'never'],
    ['100.100.100.200', 'never'],
    ['0.0.0.0', 'never'],
    ['::', 'never'],
    ['224.0.0.251', 'never'],
    ['ff02::1', 'never'],
    ['255.255.255.255', 'never'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  const answers =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('answers the one address to connect to, after a single lookup', async () => {
    let lookups = 0;
    const check = mailHostChecker([], async () => {
      lookups++;
      return answers('203.0.114.7', '2001:4860::1')();
    });
    await expect(check('mail.firm.example', 1000)).resolves.toBe('203.0.114.7');
    expect(lookups).toBe(1);
  });

  it('refuses a name when any of its addresses is private: a name answering both ways is not trusted', async () => {
    const check = mailHostChecker([], answers('203.0.114.7', '10.0.0.5'));
    await expect(check('rebinding.example', 1000)).rejects.toEqual(new MailHostError('refused'));
  });

  it('reaches private addresses only as allowed, and the metadata service never', async () => {
    const listed = mailHostChecker(['10.0.5.0/24'], answers('10.0.5.20'));
    await expect(listed('mail.internal', 1000)).resolves.toBe('10.0.5.20');
    await expect(mailHostChecker(['10.0.5.0/24'], answers('10.0.6.1'))('x', 1000)).rejects.toEqual(
      new MailHostError('refused'),
    );
    await expect(mailHostChecker(true, answers('192.168.1.10'))('x', 1000)).resolves.toBe('192.168.1.10');
    for (const metadata of ['169.254.169.254', 'fd00:ec2::254'])
      await expect(mailHostChecker(true, answers(metadata))('x', 1000)).rejects.toEqual(
        new MailHostError('refused'),
      );
  });

  it('says a name that does not resolve, or not in time, is not found', async () => {
    const failing = mailHostChecker([], async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    await expect(failing('nowhere.example', 1000)).rejects.toEqual(new MailHostError('not-found'));
    const slow = mailHostChecker([], () => new Promise(() => undefined));
    await expect(slow('slow.example', 50)).rejects.toEqual(new MailHostError('not-found'));
  });
});
