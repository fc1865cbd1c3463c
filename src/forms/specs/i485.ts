import type { FormSpec } from './types';

const P = 'form1[0].#subform[0]';
const C = 'form1[0].#subform[19]';

/**
 * Form I-485, edition 01/20/25. The firm's client is the applicant: Part 1 ("Information About You") and
 * Part 10 ("Applicant's Contact Information").
 */
export const I485: FormSpec = {
  code: 'I-485',
  title: 'Application to Register Permanent Residence or Adjust Status',
  edition: '01/20/25',
  sourceUrl: 'https://www.uscis.gov/i-485',
  fields: [
    {
      part: 'Part 1',
      item: '1.a',
      pdfName: `${P}.Pt1Line1_FamilyName[0]`,
      label: 'Family Name (Last Name)',
      type: 'text',
      source: 'client.familyName',
    },
    {
      part: 'Part 1',
      item: '1.b',
      pdfName: `${P}.Pt1Line1_GivenName[0]`,
      label: 'Given Name (First Name)',
      type: 'text',
      source: 'client.givenName',
    },
    {
      part: 'Part 1',
      item: '3',
      pdfName: `${P}.Pt1Line3_DOB[0]`,
      label: 'Date of Birth (mm/dd/yyyy)',
      type: 'date',
      source: 'client.dateOfBirth',
    },
    {
      part: 'Part 1',
      item: '4',
      pdfName: `${P}.#area[0].Pt1Line4_AlienNumber[0]`,
      label: 'Alien Registration Number (A-Number)',
      type: 'a-number',
      source: 'client.aNumber',
      required: false,
    },
    {
      part: 'Part 1',
      item: '8',
      pdfName: `${P}.Pt1Line8_CountryofCitizenshipNationality[0]`,
      label: 'Country of Citizenship or Nationality',
      type: 'text',
      source: 'client.countryOfCitizenship',
    },
    {
      part: 'Part 1',
      item: '18.a',
      pdfName: `${P}.Pt1Line18_StreetNumberName[0]`,
      label: 'Current U.S. Physical Address: Street Number and Name',
      type: 'text',
      source: 'client.street',
    },
    {
      part: 'Part 1',
      item: '18.c',
      pdfName: `${P}.Pt1Line18_CityOrTown[0]`,
      label: 'Current U.S. Physical Address: City or Town',
      type: 'text',
      source: 'client.city',
      maxLength: 30,
    },
    {
      part: 'Part 1',
      item: '18.d',
      pdfName: `${P}.Pt1Line18_State[0]`,
      label: 'Current U.S. Physical Address: State',
      type: 'state',
      source: 'client.state',
    },
    {
      part: 'Part 1',
      item: '18.e',
      pdfName: `${P}.Pt1Line18_ZipCode[0]`,
      label: 'Current U.S. Physical Address: ZIP Code',
      type: 'zip',
      source: 'client.zip',
    },
    {
      part: 'Part 10',
      item: '3',
      pdfName: `${C}.Pt10Line3_DaytimePhoneNumber1[0]`,
      label: "Applicant's Daytime Telephone Number",
      type: 'phone',
      source: 'client.phone',
    },
    {
      part: 'Part 10',
      item: '5',
      pdfName: `${C}.Pt10Line5_Email[0]`,
      label: "Applicant's Email Address",
      type: 'email',
      source: 'client.email',
      required: false,
    },
  ],
};
