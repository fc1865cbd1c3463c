import type { FormSpec } from './types';

const P = 'form1[0].#subform[0]';

/**
 * Form I-130A, edition 04/01/24, filed with Form I-130 for a spouse. The firm's client is the spouse
 * beneficiary: Part 1 ("Information About You").
 */
export const I130A: FormSpec = {
  code: 'I-130A',
  title: 'Supplemental Information for Spouse Beneficiary',
  edition: '04/01/24',
  sourceUrl: 'https://www.uscis.gov/i-130',
  fields: [
    {
      part: 'Part 1',
      item: '1',
      pdfName: `${P}.#area[0].Pt1Line1_AlienNumber[0]`,
      label: 'Alien Registration Number (A-Number)',
      type: 'a-number',
      source: 'client.aNumber',
      required: false,
    },
    {
      part: 'Part 1',
      item: '3.a',
      pdfName: `${P}.Pt1Line3a_FamilyName[0]`,
      label: 'Family Name (Last Name)',
      type: 'text',
      source: 'client.familyName',
    },
    {
      part: 'Part 1',
      item: '3.b',
      pdfName: `${P}.Pt1Line3b_GivenName[0]`,
      label: 'Given Name (First Name)',
      type: 'text',
      source: 'client.givenName',
    },
    {
      part: 'Part 1',
      item: '4.a',
      pdfName: `${P}.Pt1Line4a_StreetNumberName[0]`,
      label: 'Physical Address: Street Number and Name',
      type: 'text',
      source: 'client.street',
    },
    {
      part: 'Part 1',
      item: '4.c',
      pdfName: `${P}.Pt1Line4c_CityOrTown[0]`,
      label: 'Physical Address: City or Town',
      type: 'text',
      source: 'client.city',
      maxLength: 30,
    },
    {
      part: 'Part 1',
      item: '4.d',
      pdfName: `${P}.Pt1Line4d_State[0]`,
      label: 'Physical Address: State',
      type: 'state',
      source: 'client.state',
    },
    {
      part: 'Part 1',
      item: '4.e',
      pdfName: `${P}.Pt1Line4e_ZipCode[0]`,
      label: 'Physical Address: ZIP Code',
      type: 'zip',
      source: 'client.zip',
    },
  ],
};
