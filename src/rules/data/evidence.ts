/**
 * The evidence each form asks for, as far as the document analysis can recognize it: each item is met by a
 * document of one of its types. Items the analysis cannot recognize (photos, say) are left to the
 * attorney's own checklist.
 */
import type { FormType } from '../../shared/cases';
import type { DocumentType } from '../../shared/documents';
import type { Facts } from '../../shared/facts';

export type EvidenceItem = {
  id: string;
  label: string;
  documentTypes: DocumentType[];
  /** The form instructions or regulation that ask for it. */
  citation: string;
  sourceUrl: string;
  /** Asked only of some cases (the N-400's marriage certificate: the 3-year path). */
  appliesTo?: (facts: Facts) => boolean;
};

const NOTICES: DocumentType[] = ['i797-receipt', 'i797-approval', 'i797-transfer', 'i797-rfe'];
const instructions = (form: string) => `https://www.uscis.gov/${form.toLowerCase()}`;

const identity = (form: string, citation: string): EvidenceItem => ({
  id: 'identity',
  label: 'Passport (identity and nationality)',
  documentTypes: ['passport'],
  citation,
  sourceUrl: instructions(form),
});

export const EVIDENCE: Partial<Record<FormType, EvidenceItem[]>> = {
  'I-130': [
    {
      id: 'relationship',
      label: 'Proof of the relationship (marriage or birth certificate)',
      documentTypes: ['marriage-certificate', 'birth-certificate'],
      citation: '8 CFR 204.2(a)(2), 204.2(d)(2); Form I-130 Instructions',
      sourceUrl: 'https://www.ecfr.gov/current/title-8/section-204.2',
    },
    {
      id: 'bona-fide-marriage',
      label: 'Evidence the marriage is genuine (joint bank statements, joint tax returns)',
      documentTypes: ['bank-statement', 'tax-return'],
      // Not 8 CFR 204.2(a)(1)(i)(B): that paragraph is about a petitioner's prior marriage.
      citation: 'Matter of Laureano, 19 I&N Dec. 1 (BIA 1983); Form I-130 Instructions',
      sourceUrl: instructions('I-130'),
    },
  ],
  'I-485': [
    {
      id: 'birth',
      label: 'Birth certificate',
      documentTypes: ['birth-certificate'],
      citation: 'Form I-485 Instructions; 8 CFR 245.2(a)(3)',
      sourceUrl: instructions('I-485'),
    },
    identity('I-485', 'Form I-485 Instructions'),
    {
      id: 'admission',
      label: 'Proof of lawful admission or parole (Form I-94)',
      documentTypes: ['i94'],
      citation: 'INA 245(a); Form I-485 Instructions',
      sourceUrl: instructions('I-485'),
    },
    {
      id: 'underlying-petition',
      label: 'The underlying petition’s receipt or approval notice (Form I-797)',
      documentTypes: NOTICES,
      citation: 'Form I-485 Instructions',
      sourceUrl: instructions('I-485'),
    },
  ],
  'I-864': [
    {
      id: 'tax-return',
      label: 'The sponsor’s federal tax return or IRS transcript for the most recent year',
      documentTypes: ['tax-return'],
      citation: '8 CFR 213a.2(c)(2)(i)',
      sourceUrl: 'https://www.ecfr.gov/current/title-8/section-213a.2',
    },
    {
      id: 'current-income',
      label: 'Proof of current employment or income (pay stubs or a letter from the employer)',
      documentTypes: ['pay-stub', 'employment-letter'],
      citation: '8 CFR 213a.2(c)(2)(i); Form I-864 Instructions',
      sourceUrl: 'https://www.ecfr.gov/current/title-8/section-213a.2',
    },
  ],
  'I-765': [
    identity('I-765', 'Form I-765 Instructions (identity document)'),
    {
      id: 'eligibility',
      label: 'Proof of the eligibility category (the pending application’s receipt notice)',
      documentTypes: NOTICES,
      citation: 'Form I-765 Instructions; 8 CFR 274a.12(c)',
      sourceUrl: instructions('I-765'),
    },
  ],
  'I-131': [
    identity('I-131', 'Form I-131 Instructions (identity document)'),
    {
      id: 'pending-application',
      label: 'The pending application’s receipt notice (for advance parole)',
      documentTypes: NOTICES,
      citation: 'Form I-131 Instructions',
      sourceUrl: instructions('I-131'),
    },
  ],
  'I-140': [
    {
      id: 'job-offer',
      label: 'A letter from the employer describing the job offer and experience',
      documentTypes: ['employment-letter'],
      citation: '8 CFR 204.5(g)(1)',
      sourceUrl: 'https://www.ecfr.gov/current/title-8/section-204.5',
    },
    {
      id: 'ability-to-pay',
      label: 'The employer’s ability to pay (federal tax returns)',
      documentTypes: ['tax-return'],
      citation: '8 CFR 204.5(g)(2)',
      sourceUrl: 'https://www.ecfr.gov/current/title-8/section-204.5',
    },
  ],
  'I-751': [
    {
      id: 'marriage',
      label: 'Marriage certificate',
      documentTypes: ['marriage-certificate'],
      citation: '8 CFR 216.4(a)(5)',
      sourceUrl: 'https://www.ecfr.gov/current/title-8/section-216.4',
    },
    {
      id: 'joint-life',
      label: 'Evidence of life together (joint bank statements, joint tax returns)',
      documentTypes: ['bank-statement', 'tax-return'],
      citation: '8 CFR 216.4(a)(5)',
      sourceUrl: 'https://www.ecfr.gov/current/title-8/section-216.4',
    },
  ],
  'N-400': [
    // USCIS Form M-477 (Document Checklist): "All applicants must send ... a photocopy of both sides of
    // your Permanent Resident Card".
    {
      id: 'green-card',
      label: 'Copy of both sides of the Permanent Resident Card',
      documentTypes: ['green-card'],
      citation: 'Form N-400 Instructions; USCIS Form M-477, Document Checklist',
      sourceUrl: instructions('N-400'),
    },
    {
      id: 'marriage',
      label: 'Marriage certificate (3-year path through marriage to a US citizen)',
      documentTypes: ['marriage-certificate'],
      citation: 'INA 319(a); Form N-400 Instructions',
      sourceUrl: instructions('N-400'),
      appliesTo: (facts) => facts.naturalizationPath === '3-year-marriage',
    },
  ],
  'I-589': [
    identity('I-589', 'Form I-589 Instructions'),
    {
      id: 'admission',
      label: 'Form I-94, if one was issued',
      documentTypes: ['i94'],
      citation: 'Form I-589 Instructions',
      sourceUrl: instructions('I-589'),
    },
  ],
  'I-90': [identity('I-90', 'Form I-90 Instructions (identity document)')],
  'I-129F': [identity('I-129F', 'Form I-129F Instructions')],
};
