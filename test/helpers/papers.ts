/** The lines of the papers the document-text tests draw, scan and read back. */

/** A USCIS receipt notice's lines. */
export const NOTICE = [
  'U.S. Department of Homeland Security',
  'I-797C, Notice of Action',
  'Receipt Number IOE0912345678',
  'Case Type I-130 Petition for Alien Relative',
  'Notice Date: March 4, 2024',
  'Beneficiary: MARIA GARCIA LOPEZ',
  'Notice Type: Receipt Notice',
];

/** A full page of a letter: what a one-page scan holds. */
export const LETTER_PAGE = [
  'ACME LOGISTICS INC. - 400 Harbor Drive, Long Beach, CA 90802',
  'EMPLOYMENT VERIFICATION LETTER',
  'November 2, 2026',
  'To Whom It May Concern:',
  ...Array.from(
    { length: 26 },
    (_, i) =>
      [
        'This letter confirms that Maria Garcia Lopez has been employed by',
        'Acme Logistics Inc. since March 1, 2021, in the position of Senior',
        'Analyst. She works full-time, forty hours a week, and is paid an',
        'annual salary of $85,000. Her duties include freight planning and',
        'reporting to the Director of Operations in our Long Beach office.',
      ][i % 5],
  ),
  'Sincerely, Human Resources',
];
