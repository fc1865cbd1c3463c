import type { FormField, PacketForm } from '../../shared/forms';

/** One field as a specification writes it; the maximum length defaults to the type's (see ../fields). */
export type FieldSpec = Omit<FormField, 'rule' | 'maxLength' | 'required'> & {
  maxLength?: number;
  /** Required unless said otherwise: a box the product cannot fill is one the paralegal must check. */
  required?: boolean;
};

/**
 * A form's field specification: the fields the product knows (the client's identity, contact and A-number,
 * and the form's key items), by their official part, item and PDF field name. Validation and generation
 * both read it.
 */
export type FormSpec = {
  code: PacketForm;
  title: string;
  /** The edition followed, as printed at the form's foot. */
  edition: string;
  sourceUrl: string;
  fields: FieldSpec[];
  /** Fields of which at least one must be filled (G-1145: an email address or a mobile phone number). */
  oneOf?: { pdfNames: string[]; part: string; item: string; message: string };
};
