import type { FormSpec } from './types';

const P = 'form1[0].#subform[1]';

/**
 * Form I-864, edition 01/20/25. The firm's client is the principal immigrant: Part 2 ("Information About
 * the Principal Immigrant"). The sponsor (Part 4) and the sponsor's income are facts the product does not hold.
 */
export const I864: FormSpec = {
  code: 'I-864',
  title: 'Affidavit of Support Under Section 213A of the INA',
  edition: '01/20/25',
  sourceUrl: 'https://www.uscis.gov/i-864',
  fields: [
    {
      part: 'Part 2',
      item: '1.a',
      pdfName: `${P}.P2_Line1a_FamilyName[0]`,
      label: 'Family Name (Last Name)',
      type: 'text',
      source: 'client.familyName',
    },
    {
      part: 'Part 2',
      item: '1.b',
      pdfName: `${P}.P2_Line1b_GivenName[0]`,
      label: 'Given Name (First Name)',
      type: 'text',
      source: 'client.givenName',
    },
    {
      part: 'Part 2',
      item: '2.a',
      pdfName: `${P}.P2_Line2a_StreetNumberName[0]`,
      label: 'Mailing Address: Street Number and Name',
      type: 'text',
      source: 'client.street',
    },
    {
      part: 'Part 2',
      item: '2.c',
      pdfName: `${P}.P2_Line2c_CityOrTown[0]`,
      label: 'Mailing Address: City or Town',
      type: 'text',
      source: 'client.city',
      maxLength: 30,
    },
    {
      part: 'Part 2',
      item: '2.d',
      pdfName: `${P}.P2_Line2d_State[0]`,
      label: 'Mailing Address: State',
      type: 'state',
      source: 'client.state',
    },
    {
      part: 'Part 2',
      item: '2.e',
      pdfName: `${P}.P2_Line2e_ZipCode[0]`,
      label: 'Mailing Address: ZIP Code',
      type: 'zip',
      source: 'client.zip',
    },
    {
      part: 'Part 2',
      item: '3',
      pdfName: `${P}.P2_Line3_CountryofCitizenship[0]`,
      label: 'Country of Citizenship',
      type: 'text',
      source: 'client.countryOfCitizenship',
    },
    {
      part: 'Part 2',
      item: '4',
      pdfName: `${P}.P2_Line4_DateofBirth[0]`,
      label: 'Date of Birth (mm/dd/yyyy)',
      type: 'date',
      source: 'client.dateOfBirth',
    },
    {
      part: 'Part 2',
      item: '5',
      pdfName: `${P}.#area[1].P2_Line5_AlienNumber[0]`,
      label: 'Alien Registration Number (A-Number)',
      type: 'a-number',
      source: 'client.aNumber',
      required: false,
    },
    {
      part: 'Part 2',
      item: '7',
      pdfName: `${P}.P2_Line7_DaytimeTelephoneNumber[0]`,
      label: 'Daytime Telephone Number',
      type: 'phone',
      source: 'client.phone',
      required: false,
    },
  ],
};
