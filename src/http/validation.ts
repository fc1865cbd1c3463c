import type { z } from 'zod';
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

/** Form posts and JSON bodies alike: only string fields are kept, anything else becomes ''. */
export function stringFields<K extends string>(body: unknown, keys: readonly K[]): Record<K, string> {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, typeof source[k] === 'string' ? source[k] : ''])) as Record<
    K,
    string
  >;
}

/** The parsed input, or a 422 whose message is the first problem and whose fields say where each one is. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors = fieldErrors<string>(parsed.error);
  throw new ServiceError('invalid', Object.values(errors)[0] ?? 'Check the form.', errors);
}
