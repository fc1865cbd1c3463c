import { type z, z as zod } from 'zod';
import { ServiceError } from '../shared/errors';
import type { FieldErrors } from '../shared/validation';

/** The first message for each field of a failed parse, keyed by field name. */
export function fieldErrors<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form') as K;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A schema whose refusals name a nested field in full ("regions.alaska.firstPerson", not "regions"), so a
 * page form can say each field's problem beside it.
 */
export function namingNestedFields<S extends z.ZodType>(schema: S) {
  return zod.unknown().transform((raw, ctx): z.output<S> => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({
        code: 'custom',
        path: [issue.path.map(String).join('.') || 'form'],
        message: issue.message,
      });
    return zod.NEVER;
  });
}

/** Form posts and JSON bodies alike: only string fields are kept, anything else becomes ''. */
export function stringFields<K extends string>(body: unknown, keys: readonly K[]): Record<K, string> {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, typeof source[k] === 'string' ? source[k] : ''])) as Record<
    K,
    string
  >;
}

/** The message for text that holds a NUL character, which no field of the product can store. */
export const NUL_MESSAGE = 'This field contains a character that is not allowed (NUL, \\u0000).';

/** The field (top-level name) of the first text anywhere in the input that holds a NUL character. */
function fieldWithNul(input: unknown, field = 'form'): string | undefined {
  if (typeof input === 'string') return input.includes('\u0000') ? field : undefined;
  if (!input || typeof input !== 'object') return undefined;
  for (const [key, value] of Object.entries(input)) {
    const found = fieldWithNul(value, field === 'form' && !Array.isArray(input) ? key : field);
    if (found) return found;
  }
  return undefined;
}

/**
 * The parsed input, or a 422 whose message is the first problem and whose fields say where each one is.
 * Every input passes here, so the rules that hold for all text hold here once: no NUL characters
 * (PostgreSQL cannot store them), whatever the field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const nul = fieldWithNul(input);
  if (nul) throw new ServiceError('invalid', NUL_MESSAGE, { [nul]: NUL_MESSAGE });
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors = fieldErrors<string>(parsed.error);
  throw new ServiceError('invalid', Object.values(errors)[0] ?? 'Check the form.', errors);
}
