import { z } from 'zod';
import { emailField, requiredText } from '../shared/fields';
import {
  FIRM_ROLES,
  NO_RETI_USERS,
  ROLE_FILTERS,
  SETTABLE_STATUSES,
  USER_LIMITS,
  USER_STATUSES,
} from '../shared/users';

/** A role of a firm's account; reti gets its own message, since SPEC's role list offers it. */
const roleField = z.enum(FIRM_ROLES, {
  error: (issue) => (issue.input === 'reti' ? NO_RETI_USERS : 'Role must be admin or user'),
});

/** An empty filter (the page's "All" option) is no filter. */
const filter = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: message }).optional());

/** GET {API}/users: the search, the filters and one page of the list. */
export const userListQuery = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(USER_LIMITS.search, `q must be at most ${USER_LIMITS.search} characters`)
    .default(''),
  role: filter(ROLE_FILTERS, 'role must be admin, user or reti'),
  status: filter(USER_STATUSES, 'status must be active, pending or suspended'),
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be 1 to 200' }).int().min(1).max(200).default(50),
});

const firstName = requiredText('First name', USER_LIMITS.name);
const lastName = requiredText('Last name', USER_LIMITS.name);
const email = emailField();

/** POST {API}/users and the add-user form: first name, last name, email and role. */
export const newUserSchema = z.object({ firstName, lastName, email, role: roleField });

/** An attorney's profile field as USCIS forms print it; empty clears it. */
const profileText = (label: string, max: number, pattern?: RegExp, shape?: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} is at most ${max} characters`)
      .refine((v) => !pattern || pattern.test(v), `${label} must be ${shape}`)
      .nullable()
      .optional(),
  );

/** PUT and PATCH {API}/users/{id}: any of the fields, and the status (approve and reactivate: active). */
export const userPatchSchema = z.object({
  firstName: firstName.optional(),
  lastName: lastName.optional(),
  email: email.optional(),
  role: roleField.optional(),
  /** The attorney's profile, printed on Form G-28 and the forms' attorney block. */
  barNumber: profileText('Bar number', 30),
  licensingAuthority: profileText('Licensing authority', 100),
  uscisAccountNumber: profileText('USCIS online account number', 12, /^\d{12}$/, 'its 12 digits'),
  status: z.enum(SETTABLE_STATUSES, { error: 'Status must be active or suspended' }).optional(),
});

/** The small forms of the list (Approve, Suspend, Reactivate): the status only. */
export const statusFormSchema = userPatchSchema.pick({ status: true }).required();
