/**
 * A client with every fact the forms read, as the clients API takes it: the forms tests' complete case
 * (test/integration/forms-api.test.ts) and the packet timed alone (test/timing/forms-packet.test.ts).
 */
export const COMPLETE_CLIENT = {
  firstName: 'Thị Lan',
  lastName: 'Nguyễn',
  email: 'lan.nguyen@example.net',
  phone: '+1 (555) 010-1234',
  dateOfBirth: '1990-02-03',
  countryOfCitizenship: 'Vietnam',
  aNumber: 'A12345678',
  address: '12 Oak Street, Apt 4, Queens, NY 11368',
};

/** A person with what the official forms ask of a party, as POST {API}/people takes it. */
export function fullPerson(familyName: string, givenName: string, over: Record<string, unknown> = {}) {
  return {
    familyName,
    givenName,
    confirmNew: true,
    dateOfBirth: '1988-03-14',
    cityOfBirth: 'Guadalajara',
    countryOfBirth: 'Mexico',
    sex: 'female',
    citizenships: ['Mexico'],
    email: `${familyName.toLowerCase().replace(/[^a-z]/g, '') || 'person'}@example.net`,
    phone: '(312) 555-0142',
    addresses: [
      {
        kind: 'physical',
        from: '2021-05-01',
        street: '123 Main Street',
        unitType: 'apt',
        unitNumber: '4B',
        city: 'Chicago',
        state: 'IL',
        zip: '60601',
        country: 'United States',
      },
    ],
    formFacts: { 'marital-status': 'married', 'mailing-same-as-physical': 'yes' },
    ...over,
  };
}

type Poster = (route: string, body: object) => Promise<{ status: number; body: unknown }>;

/** A family matter through the API: the beneficiary (the case's client), the petitioner as a party. */
export async function familyMatter(
  post: Poster,
  names: { petitioner: string; beneficiary: string },
  over: {
    petitioner?: Record<string, unknown>;
    beneficiary?: Record<string, unknown>;
    assigneeId?: string;
  } = {},
) {
  const made = async (body: object) => {
    const res = await post('/people', body);
    if (res.status !== 201) throw new Error(`person: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; familyName: string };
  };
  const beneficiary = await made(
    fullPerson(names.beneficiary, 'Bruno', { sex: 'male', aNumber: 'A087654321', ...over.beneficiary }),
  );
  const petitioner = await made(
    fullPerson(names.petitioner, 'Paula', { ssn: '123-45-6789', ...over.petitioner }),
  );
  const kase = await post('/cases', {
    clientId: beneficiary.id,
    caseType: 'family',
    formType: 'I-130',
    ...(over.assigneeId ? { assigneeId: over.assigneeId } : {}),
  });
  if (kase.status !== 201) throw new Error(`case: ${kase.status} ${JSON.stringify(kase.body)}`);
  const caseId = (kase.body as { id: string }).id;
  const party = await post(`/cases/${caseId}/parties`, { role: 'petitioner', personId: petitioner.id });
  if (party.status !== 201) throw new Error(`party: ${party.status} ${JSON.stringify(party.body)}`);
  return { caseId, caseNumber: (kase.body as { caseNumber: string }).caseNumber, petitioner, beneficiary };
}

/**
 * A fillable PDF shaped as a USCIS form: these AcroForm fields, and the footer USCIS prints on every page
 * ("Form G-1145 Edition 09/26/14"), which an upload is checked by.
 */
export async function uscisLikePdf(footer: string, names: string[]): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('@cantoo/pdf-lib');
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText(footer, { x: 40, y: 30, size: 9, font });
  names.forEach((name, i) =>
    doc
      .getForm()
      .createTextField(name)
      .addToPage(page, { x: 40, y: 740 - (i % 30) * 22, width: 400, height: 18, font }),
  );
  return Buffer.from(await doc.save());
}
