import { z } from 'zod';
import { contrastProblem } from '../shared/colors';
import { MESSAGES } from '../shared/constants';
import { emailField, optionalText, requiredText } from '../shared/fields';
import { FIRM_LIMITS } from '../shared/firms';
import { canonicalTimeZone } from '../shared/dates';
import {
  FIRM_TYPES,
  LOGIN_ATTEMPT_LIMITS,
  PASSWORD_POLICIES,
  RETENTION_DAYS,
  SESSION_TIMEOUTS,
  SMTP_ENCRYPTIONS,
  US_STATES,
} from '../shared/settings';
import { PHONE_PATTERN } from '../shared/validation';

/** A whole number that must be one of `options` (a form sends it as text, JSON as a number). */
const oneOf = <T extends number>(label: string, options: readonly T[]) =>
  z.coerce
    .number({ error: `${label} must be one of ${options.join(', ')}` })
    .refine((n): n is T => (options as readonly number[]).includes(n), {
      message: `${label} must be one of ${options.join(', ')}`,
    }) as unknown as z.ZodType<T>;

const choice = <T extends string>(label: string, options: readonly [T, ...T[]]) =>
  z.enum(options, { error: `${label} must be one of ${options.join(', ')}` });

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });

export const firmSectionSchema = z.object({
  name: requiredText('Firm name', FIRM_LIMITS.name),
  type: choice('Firm type', FIRM_TYPES),
  address: optionalText('Address', FIRM_LIMITS.address),
  city: optionalText('City', 100),
  state: optionalText('State', 2)
    .transform((s) => s.toUpperCase())
    .refine((s) => s === '' || s in US_STATES, 'State must be a US state or territory, such as NY'),
  zip: optionalText('ZIP', 10).refine(
    (z) => /^$|^\d{5}(-\d{4})?$/.test(z),
    'ZIP must be 5 digits, or 9 as 12345-6789',
  ),
  phone: requiredText('Phone', FIRM_LIMITS.phone).regex(PHONE_PATTERN, MESSAGES.invalidPhone),
  email: emailField(),
  timeZone: z
    .string({ error: 'Time zone is required' })
    .trim()
    .transform((name, ctx) => {
      const known = /^[A-Za-z][\w+-]*(\/[\w+-]+)+$/.test(name) && canonicalTimeZone(name);
      if (known) return known;
      ctx.addIssue({ code: 'custom', message: 'Time zone must be an IANA name such as America/New_York' });
      return z.NEVER;
    }),
});

export const securitySectionSchema = z.object({
  twoFactorAdmins: flag('2FA for admin accounts'),
  sessionTimeoutMinutes: oneOf('Session timeout', SESSION_TIMEOUTS),
  passwordPolicy: choice('Password policy', PASSWORD_POLICIES),
  loginAttempts: oneOf('Login attempts limit', LOGIN_ATTEMPT_LIMITS),
  approveNewUsers: flag('Approve new users'),
});

/** A host name or an IP address, as a mail server is named. */
const HOST =
  /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]+\]?$/;
/** 'office@firm.com' or 'Firm Name <office@firm.com>'. */
const FROM = /^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/**
 * The firm's own SMTP server. The password is write-only: left out or empty keeps the one stored; an
 * empty host turns the firm's own server off (and forgets the password).
 */
export const emailSectionSchema = z.object({
  host: optionalText('SMTP host', 253).refine(
    (h) => h === '' || HOST.test(h),
    'Enter a host name such as smtp.example.com',
  ),
  port: z.coerce
    .number({ error: 'Port must be a whole number from 1 to 65535' })
    .int('Port must be a whole number from 1 to 65535')
    .min(1, 'Port must be a whole number from 1 to 65535')
    .max(65535, 'Port must be a whole number from 1 to 65535')
    .default(587),
  encryption: choice('Encryption', SMTP_ENCRYPTIONS).default('tls'),
  user: optionalText('User name', 254),
  password: z
    .string({ error: 'Password must be text' })
    .max(512, 'Password must be at most 512 characters')
    .default(''),
  from: optionalText('From address', 320).refine(
    (f) => f === '' || FROM.test(f),
    'From address must be an email such as office@firm.com or Firm Name <office@firm.com>',
  ),
});

export const backupSectionSchema = z.object({
  retentionDays: oneOf('Retention', RETENTION_DAYS),
});

export const appearanceSectionSchema = z.object({
  primaryColor: z
    .string({ error: 'Primary color is required' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Primary color must be a hex color such as #1d4ed8')
    .transform((c) => c.toLowerCase())
    .superRefine((color, ctx) => {
      const problem = contrastProblem(color);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

export const SECTION_SCHEMAS = {
  firm: firmSectionSchema,
  security: securitySectionSchema,
  email: emailSectionSchema,
  backup: backupSectionSchema,
  appearance: appearanceSectionSchema,
} as const;

export type SectionInput = { [K in keyof typeof SECTION_SCHEMAS]: z.output<(typeof SECTION_SCHEMAS)[K]> };
