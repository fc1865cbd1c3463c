import type { z } from 'zod';
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
