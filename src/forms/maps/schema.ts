import { z } from 'zod';
import type { PartyRole } from '../../shared/people';

/**
 * A form's field map is data (src/forms/maps/*.json): each official PDF field the product fills, by its full
 * AcroForm name, with the part and item the form prints, the matter fact it comes from and how it is written.
 * It is checked when loaded, and a test checks every name against the official PDF shipped beside it.
 *
 * A source is a path into the matter:
 * - `<role>.<field>`: a party's person. Roles: petitioner, beneficiary (the applicant of an application),
 *   sponsor, joint-sponsor, household-member, derivative, interpreter, preparer. Fields: familyName,
 *   givenName, middleName, name (the full name), dateOfBirth, cityOfBirth, countryOfBirth, sex, citizenship
 *   (the first), citizenship2, aNumber, uscisAccountNumber, ssn, email, phone, language, currentStatus,
 *   passport.<number|country|issued|expires>, i94.<number|admitUntil|classOfAdmission>,
 *   lastEntry.<date|place|status>, address.<part> (the current physical address), mailingAddress.<part> (the
 *   current mailing address, or the physical one when the person has no separate mailing address),
 *   marriage.<field> (the current marriage), formFacts.<key> (a questionnaire's answer kept on the person).
 *   Address parts: inCareOf, street, unitType, unitNumber, city, state, zip, province, postalCode, country,
 *   from, to.
 * - `employer.<name|fein|street|city|state|zip|country|employeeCount|naicsCode|nonprofit>`: the organization.
 * - `case.<receiptNumber|caseNumber|formType>`; `attorney.<familyName|givenName|middleName|email|phone|
 *   barNumber|licensingAuthority|uscisAccountNumber>` (the case's attorney); `firm.<name|street|unitType|
 *   unitNumber|city|state|zip|phone|email>`.
 * A list's rows use sources relative to the entry (`familyName`, `dateOfBirth`, `street`).
 */

/** The roles a map reads a person of: every party role but the employer, which is an organization. */
export type MapRole = Exclude<PartyRole, 'employer'>;

/** How a value is written into its box. */
export const FORMATS = [
  /** As given (trimmed). */
  'text',
  /** MM/DD/YYYY. */
  'date',
  /** The A-number's 9 digits, without the A (8 digits get a leading zero). */
  'anumber',
  /** 9 digits, no dashes. */
  'ssn',
  /** A US number's 10 digits; another country's number as given. */
  'phone',
  /** A US state's two letters (a text box or the form's state list). */
  'state',
  /** 5 digits (ZIP+4's first five when the box holds five). */
  'zip',
  /** A whole number. */
  'number',
  /** Dollars, whole, without the sign or commas. */
  'money',
] as const;
export type Format = (typeof FORMATS)[number];

const fieldShape = {
  /** The field's full AcroForm name in the official edition. */
  pdf: z.string().min(1),
  part: z.string().regex(/^(Part \d+|Page \d+|Header)$/),
  item: z.string().min(1),
  /** The form's words for the box, short. */
  label: z.string().min(1),
  source: z.string().regex(/^[a-zA-Z][a-zA-Z0-9-]*(\.[a-zA-Z0-9-]+)*$/),
  format: z.enum(FORMATS).default('text'),
  /**
   * A check box: checked when the source's value is this one (or one of these). `true` checks on "yes" or
   * true. Radio groups and check-box pairs are written as one entry per box.
   */
  check: z.union([z.string(), z.array(z.string()).min(1), z.boolean()]).optional(),
  /** The form requires an answer here (for a check box: one box of its item must be checked). */
  required: z.boolean().default(false),
  /** Required, or written, only when another fact of the matter has a value. */
  when: z
    .object({
      source: z.string(),
      equals: z.union([z.string(), z.boolean()]).optional(),
      in: z.array(z.string()).optional(),
      present: z.boolean().optional(),
    })
    .strict()
    .optional(),
};

export const mapFieldSchema = z.object(fieldShape).strict();
export type MapField = z.output<typeof mapFieldSchema>;

const listSchema = z
  .object({
    /** The list: `<role>.<otherNames|addresses|mailingAddresses|priorMarriages|marriages|parents|children|employment|trips|citizenships>`. */
    source: z.string().regex(/^[a-z-]+\.[a-zA-Z]+$/),
    part: z.string(),
    item: z.string(),
    label: z.string(),
    /** Skip the first entries (the current address, shown in its own items). */
    skip: z.number().int().min(0).default(0),
    rows: z.array(z.array(mapFieldSchema).min(1)).min(1),
    /** What each entry is called on the continuation, and how it reads: the entry's fields in order. */
    describe: z.array(z.string()).min(1),
  })
  .strict();
export type MapList = z.output<typeof listSchema>;

/** One row of the form's Additional Information part: where a list's further entries continue. */
const additionalSchema = z
  .object({
    page: z.string().optional(),
    part: z.string().optional(),
    item: z.string().optional(),
    text: z.string(),
  })
  .strict();

export const formMapSchema = z
  .object({
    form: z.string().regex(/^[A-Z]-\d{2,4}[A-Z]?$/),
    title: z.string(),
    /** The edition the names are those of, as printed at its foot (MM/DD/YY). */
    edition: z.string().regex(/^\d{2}\/\d{2}\/\d{2}$/),
    /** The official PDF shipped in src/forms/official, or null: the firm uploads the form once. */
    file: z.string().nullable(),
    sourceUrl: z.string().url(),
    /** Who the form speaks of, and where: petitioner → "Part 2". */
    parties: z.record(z.string(), z.string()),
    fields: z.array(mapFieldSchema),
    lists: z.array(listSchema).default([]),
    /** Signature boxes, left for wet ink and listed on the packet's signature page. */
    signatures: z
      .array(
        z
          .object({ pdf: z.string().optional(), part: z.string(), item: z.string(), who: z.string() })
          .strict(),
      )
      .default([]),
    /**
     * Free-text answers the form asks for in its Additional Information part (an explanation of a "Yes",
     * other dates of birth): each written there under the part and item it explains.
     */
    notes: z
      .array(
        z
          .object({
            source: z.string().regex(/^[a-z-]+\.formFacts\.[a-z0-9-]+$/),
            part: z.string(),
            item: z.string(),
            label: z.string(),
          })
          .strict(),
      )
      .default([]),
    /** The Additional Information part's rows, in order. */
    additional: z.array(additionalSchema).default([]),
    additionalPart: z.string().optional(),
  })
  .strict();
export type FormMap = z.output<typeof formMapSchema>;
