import type { FormSpec } from './types';

const P = 'form1[0].#subform[1]';

/**
 * Form I-131, edition 01/20/25. The firm's client is the applicant: Part 2 ("Information About You").
 */
export const I131: FormSpec = {
  code: 'I-131',
  title: 'Application for Travel Document',
  edition: '01/20/25',
  sourceUrl: 'https://www.uscis.gov/i-131',
  fields: [
    {
      part: 'Part 2',
      item: '1.a',
      pdfName: `${P}.Part2_Line1_FamilyName[0]`,
      label: 'Family Name (Last Name)',
      type: 'text',
      source: 'client.familyName',
    },
    {
      part: 'Part 2',
      item: '1.b',
      pdfName: `${P}.Part2_Line1_GivenName[0]`,
      label: 'Given Name (First Name)',
      type: 'text',
      source: 'client.givenName',
    },
    {
      part: 'Part 2',
      item: '3.b',
      pdfName: `${P}.Part2_Line3_StreetNumberName[0]`,
      label: 'Current Mailing Address: Street Number and Name',
      type: 'text',
      source: 'client.street',
    },
    {
      part: 'Part 2',
      item: '3.d',
      pdfName: `${P}.Part2_Line3_CityTown[0]`,
      label: 'Current Mailing Address: City or Town',
      type: 'text',
      source: 'client.city',
      maxLength: 30,
    },
    {
      part: 'Part 2',
      item: '3.e',
      pdfName: `${P}.Part2_Line3_State[0]`,
      label: 'Current Mailing Address: State',
      type: 'state',
      source: 'client.state',
    },
    {
      part: 'Part 2',
      item: '3.f',
      pdfName: `${P}.Part2_Line3_ZipCode[0]`,
      label: 'Current Mailing Address: ZIP Code',
      type: 'zip',
      source: 'client.zip',
    },
    {
      part: 'Part 2',
      item: '5',
      pdfName: `${P}.#area[1].Part2_Line5_AlienNumber[0]`,
      label: 'Alien Registration Number (A-Number)',
      type: 'a-number',
      source: 'client.aNumber',
      required: false,
    },
    {
      part: 'Part 2',
      item: '8',
      pdfName: `${P}.Part2_Line8_CountryOfCitizenship[0]`,
      label: 'Country of Citizenship or Nationality',
      type: 'text',
      source: 'client.countryOfCitizenship',
    },
    {
      part: 'Part 2',
      item: '10',
      pdfName: `${P}.Part2_Line10_DateOfBirth[0]`,
      label: 'Date of Birth (mm/dd/yyyy)',
      type: 'date',
      source: 'client.dateOfBirth',
    },
  ],
};
