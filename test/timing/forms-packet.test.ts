import { PDFDocument } from '@cantoo/pdf-lib';
import { fieldsOf, type PacketFacts } from '../../src/forms/fields';
import { buildPacket } from '../../src/forms/packet';
import { FORM_SPECS } from '../../src/forms/specs';
import { filingFeeOf } from '../../src/rules';
import type { ClientRecord } from '../../src/shared/cases';
import { FORM_GROUPS } from '../../src/shared/forms';
import { COMPLETE_CLIENT } from '../helpers/forms';
import { timed } from '../helpers/papers';

/**
 * The forms goal of this machine (issue 12): a 5-form packet in at most 2 seconds, timed here, alone, as
 * the forms service builds it (its boxes checked and filled, the cover letter, the fees). The API's answer
 * with the same packet is tested in test/integration/forms-api.test.ts.
 */
const TODAY = '2026-11-20';
const client: ClientRecord = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Nguyễn, Thị Lan',
  ...COMPLETE_CLIENT,
  caseCount: 1,
  createdAt: `${TODAY}T15:00:00.000Z`,
  updatedAt: `${TODAY}T15:00:00.000Z`,
};

function packet() {
  const facts: PacketFacts = { client, receiptNumber: null };
  const codes = ['G-1145', ...FORM_GROUPS['employment-based'].forms] as const;
  const checked = codes.map((code) => ({
    spec: FORM_SPECS[code],
    ...fieldsOf(FORM_SPECS[code], facts, TODAY),
  }));
  expect(checked.flatMap((c) => c.errors)).toEqual([]);
  return buildPacket({
    firm: {
      name: 'Demo Immigration Law',
      addressLines: ['350 Fifth Avenue', 'New York, NY 10118'],
      phone: '(212) 555-0100',
      email: 'office@demo-immigration.example',
    },
    preparer: { name: 'Jordan Avery', email: 'attorney@demo-immigration.example' },
    caseNumber: 'EMP-2026-0001',
    receiptNumber: null,
    clientName: 'Thị Lan Nguyễn',
    asOf: TODAY,
    draft: false,
    forms: checked.map((c) => ({ spec: c.spec, values: c.values })),
    fees: FORM_GROUPS['employment-based'].forms.map((form) => ({ form, fee: filingFeeOf(form, TODAY) })),
    exhibits: [{ name: 'marriage.pdf', type: 'Marriage certificate', uploadedOn: TODAY }],
  });
}

test('a 5-form packet (G-1145, I-140, I-485, I-765, I-131) is generated in at most 2 seconds', async () => {
  await packet(); // fonts and specifications loaded once, as a running server has them
  const { result, ms } = await timed('forms packet, 5 forms', packet);
  const form = (await PDFDocument.load(result)).getForm();
  expect(form.getTextField('form1[0].#subform[2].Pt3Line1a_FamilyName[0]').getText()).toBe('Nguyễn');
  expect(ms).toBeLessThanOrEqual(2000);
});
