import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from '../../src/config';

const base = {
  DATA_DIR: '/tmp/reti-config-test',
  SESSION_SECRET: 'x'.repeat(40),
  SETTINGS_KEY: 'ab'.repeat(32),
};

describe('configuration from the environment', () => {
  it('has working defaults for a fresh checkout', () => {
    const config = loadConfig({ DATA_DIR: base.DATA_DIR });
    expect(config).toMatchObject({
      port: 3000,
      env: 'development',
      apiBaseUrl: '/api',
      demo: true,
      demoPassword: DEFAULT_DEMO_PASSWORD,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      trustProxy: false,
      timeZone: 'America/New_York',
    });
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    // Generated once and kept: a restart keeps everyone signed in.
    expect(loadConfig({ DATA_DIR: base.DATA_DIR }).sessionSecret).toBe(config.sessionSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT: /],
    [{ PORT: '70000' }, /PORT: /],
    [{ NODE_ENV: 'staging' }, /NODE_ENV: /],
    [
      { DATABASE_URL: 'mysql://localhost/x' },
      /DATABASE_URL: must be a URL starting with postgres: or postgresql:/,
    ],
    [{ REDIS_URL: 'not a url' }, /REDIS_URL: /],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET: must be at least 32 characters/],
    [{ SETTINGS_KEY: 'secret' }, /SETTINGS_KEY: must be 64 hexadecimal characters/],
    [{ API_BASE_URL: 'api' }, /API_BASE_URL: must be a path such as \/api or an http\(s\) URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL: /],
    [{ DEMO: 'maybe' }, /DEMO: /],
    [{ PUBLIC_URL: 'ftp://example.com' }, /PUBLIC_URL: must be a URL starting with http: or https:/],
    [{ TIME_ZONE: 'Eastern' }, /TIME_ZONE: must be an IANA time zone name such as America\/New_York/],
    [{ TIME_ZONE: 'America/Springfield' }, /TIME_ZONE: must be an IANA time zone name/],
    // An offset knows no daylight saving time: for half of the year, its times would be an hour off.
    [{ TIME_ZONE: '-05:00' }, /TIME_ZONE: must be an IANA time zone name/],
    [{ LLM_BASE_URL: 'ftp://llm.example' }, /LLM_BASE_URL: must be a URL starting with http: or https:/],
    [{ DAILY_BACKUPS: 'sometimes' }, /DAILY_BACKUPS: must be 1, true, 0 or false/],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('requires SESSION_SECRET and SETTINGS_KEY in production and never uses default demo credentials there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: base.DATA_DIR })).toThrow(
      /SESSION_SECRET: required in production/,
    );
    expect(() => loadConfig({ ...base, SETTINGS_KEY: undefined, NODE_ENV: 'production' })).toThrow(
      /SETTINGS_KEY: required in production/,
    );
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).demo).toBe(false);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', DEMO: '1' })).toThrow(
      /DEMO_PASSWORD: required/,
    );
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', DEMO: '1', DEMO_PASSWORD: 'chosen-by-operator' }).demo,
    ).toBe(true);
  });

  it('turns the demo data set off outside production with DEMO=0, and its documents with DEMO_DOCUMENTS=0', () => {
    expect(loadConfig({ ...base, DEMO: '0' })).toMatchObject({ demo: false, demoDocuments: false });
    expect(loadConfig({ ...base, DEMO: 'false', NODE_ENV: 'test' }).demo).toBe(false);
    expect(loadConfig(base)).toMatchObject({ demo: true, demoDocuments: true });
    expect(loadConfig({ ...base, DEMO_DOCUMENTS: '0' })).toMatchObject({ demo: true, demoDocuments: false });
    expect(() => loadConfig({ ...base, DEMO_DOCUMENTS: 'some' })).toThrow(
      /DEMO_DOCUMENTS: must be 1, true, 0 or false/,
    );
  });

  it('takes any IANA time zone name, kept in its canonical spelling', () => {
    expect(loadConfig({ ...base, TIME_ZONE: 'America/Los_Angeles' }).timeZone).toBe('America/Los_Angeles');
    expect(loadConfig({ ...base, TIME_ZONE: 'america/chicago' }).timeZone).toBe('America/Chicago');
    expect(loadConfig({ ...base, TIME_ZONE: 'UTC' }).timeZone).toBe('UTC');
  });

  it('takes an optional LLM, and makes daily backups unless told not to', () => {
    expect(loadConfig(base)).toMatchObject({ llm: undefined, dailyBackups: true });
    expect(
      loadConfig({
        ...base,
        LLM_BASE_URL: 'https://llm.example/v1/',
        LLM_API_KEY: 'sk-key',
        LLM_MODEL: 'a-model',
        DAILY_BACKUPS: '0',
      }),
    ).toMatchObject({
      llm: { baseUrl: 'https://llm.example/v1', apiKey: 'sk-key', model: 'a-model' },
      dailyBackups: false,
    });
    expect(loadConfig({ ...base, LLM_API_KEY: 'sk-key' }).llm).toBeUndefined();
  });

  it('reads the proxy setting as a flag, a hop count or addresses', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
  });

  it("allows a firm's mail server on private addresses only as SMTP_ALLOW_PRIVATE_HOSTS says", () => {
    expect(loadConfig(base).smtpAllowPrivateHosts).toEqual([]);
    expect(loadConfig({ ...base, SMTP_ALLOW_PRIVATE_HOSTS: '1' }).smtpAllowPrivateHosts).toBe(true);
    expect(loadConfig({ ...base, SMTP_ALLOW_PRIVATE_HOSTS: 'false' }).smtpAllowPrivateHosts).toEqual([]);
    expect(
      loadConfig({ ...base, SMTP_ALLOW_PRIVATE_HOSTS: '10.0.5.20, 192.168.1.0/24,fd12::/64' })
        .smtpAllowPrivateHosts,
    ).toEqual(['10.0.5.20', '192.168.1.0/24', 'fd12::/64']);
    for (const bad of ['mail.internal', '10.0.0.0/33', '10.0.0.1/8/1', 'yes'])
      expect(() => loadConfig({ ...base, SMTP_ALLOW_PRIVATE_HOSTS: bad })).toThrow(
        /SMTP_ALLOW_PRIVATE_HOSTS: /,
      );
  });
});
