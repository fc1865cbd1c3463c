import type { FormSpec } from './types';

const P = 'form1[0].#subform[2]';

/**
 * Form I-140, edition 01/20/25. The petitioner is the employer; the firm's client is the worker: Part 3
 * ("Information About the Person for Whom You Are Filing").
 */
export const I140: FormSpec = {
  code: 'I-140',
  title: 'Immigrant Petition for Alien Workers',
  edition: '01/20/25',
  sourceUrl: 'https://www.uscis.gov/i-140',
  fields: [
    {
      part: 'Part 3',
      item: '1.a',
      pdfName: `${P}.Pt3Line1a_FamilyName[0]`,
      label: 'Family Name (Last Name)',
      type: 'text',
      source: 'client.familyName',
    },
    {
      part: 'Part 3',
      item: '1.b',
      pdfName: `${P}.Pt3Line1b_GivenName[0]`,
      label: 'Given Name (First Name)',
      type: 'text',
      source: 'client.givenName',
    },
    {
      part: 'Part 3',
      item: '2.b',
      pdfName: `${P}.Pt3Line2b_StreetNumberName[0]`,
      label: 'Mailing Address: Street Number and Name',
      type: 'text',
      source: 'client.street',
    },
    {
      part: 'Part 3',
      item: '2.d',
      pdfName: `${P}.Pt3Line2d_CityOrTown[0]`,
      label: 'Mailing Address: City or Town',
      type: 'text',
      source: 'client.city',
      maxLength: 30,
    },
    {
      part: 'Part 3',
      item: '2.e',
      pdfName: `${P}.Pt3Line2e_State[0]`,
      label: 'Mailing Address: State',
      type: 'state',
      source: 'client.state',
    },
    {
      part: 'Part 3',
      item: '2.f',
      pdfName: `${P}.Pt3Line2f_ZipCode[0]`,
      label: 'Mailing Address: ZIP Code',
      type: 'zip',
      source: 'client.zip',
    },
    {
      part: 'Part 3',
      item: '5',
      pdfName: `${P}.Pt3Line5_DateOfBirth[0]`,
      label: 'Date of Birth (mm/dd/yyyy)',
      type: 'date',
      source: 'client.dateOfBirth',
    },
    {
      part: 'Part 3',
      item: '9',
      pdfName: `${P}.Pt3Line9_CountryOfCitizenship[0]`,
      label: 'Country of Citizenship or Nationality',
      type: 'text',
      source: 'client.countryOfCitizenship',
    },
    {
      part: 'Part 3',
      item: '10',
      pdfName: `${P}.#area[3].Pt3Line10_AlienNumber[0]`,
      label: 'Alien Registration Number (A-Number)',
      type: 'a-number',
      source: 'client.aNumber',
      required: false,
    },
  ],
};
