import type { FormSpec } from './types';

const P0 = 'form1[0].#subform[0]';
const P1 = 'form1[0].#subform[1]';
const P2 = 'form1[0].#subform[2]';
const P10 = 'form1[0].#subform[10]';

/**
 * Form N-400, edition 01/20/25. The firm's client is the applicant: Part 1 (the A-Number at the top of each
 * page), Part 2 ("Information About You"), Part 4 ("Information About Your Residence") and Part 12
 * ("Applicant's Contact Information"). A permanent resident has an A-Number, so it is required here.
 */
export const N400: FormSpec = {
  code: 'N-400',
  title: 'Application for Naturalization',
  edition: '01/20/25',
  sourceUrl: 'https://www.uscis.gov/n-400',
  fields: [
    {
      part: 'Part 1',
      item: 'A-Number',
      pdfName: `${P0}.#area[0].Line1_AlienNumber[0]`,
      label: 'Alien Registration Number (A-Number)',
      type: 'a-number',
      source: 'client.aNumber',
    },
    {
      part: 'Part 2',
      item: '1',
      pdfName: `${P0}.P2_Line1_FamilyName[0]`,
      label: 'Current Legal Name: Family Name (Last Name)',
      type: 'text',
      source: 'client.familyName',
    },
    {
      part: 'Part 2',
      item: '1',
      pdfName: `${P0}.P2_Line1_GivenName[0]`,
      label: 'Current Legal Name: Given Name (First Name)',
      type: 'text',
      source: 'client.givenName',
    },
    {
      part: 'Part 2',
      item: '8',
      pdfName: `${P1}.P2_Line8_DateOfBirth[0]`,
      label: 'Date of Birth (mm/dd/yyyy)',
      type: 'date',
      source: 'client.dateOfBirth',
    },
    {
      part: 'Part 2',
      item: '11',
      pdfName: `${P1}.P2_Line11_CountryOfNationality[0]`,
      label: 'Country of Citizenship or Nationality',
      type: 'text',
      source: 'client.countryOfCitizenship',
    },
    {
      part: 'Part 4',
      item: '1',
      pdfName: `${P2}.P4_Line1_StreetName[0]`,
      label: 'Physical Address: Street Number and Name',
      type: 'text',
      source: 'client.street',
    },
    {
      part: 'Part 4',
      item: '1',
      pdfName: `${P2}.P4_Line1_City[0]`,
      label: 'Physical Address: City or Town',
      type: 'text',
      source: 'client.city',
      maxLength: 30,
    },
    {
      part: 'Part 4',
      item: '1',
      pdfName: `${P2}.P4_Line1_State[0]`,
      label: 'Physical Address: State',
      type: 'state',
      source: 'client.state',
    },
    {
      part: 'Part 4',
      item: '1',
      pdfName: `${P2}.P4_Line1_ZipCode[0]`,
      label: 'Physical Address: ZIP Code',
      type: 'zip',
      source: 'client.zip',
    },
    {
      part: 'Part 12',
      item: '3',
      pdfName: `${P10}.P12_Line3_Telephone[0]`,
      label: "Applicant's Daytime Telephone Number",
      type: 'phone',
      source: 'client.phone',
    },
    {
      part: 'Part 12',
      item: '5',
      pdfName: `${P10}.P12_Line5_Email[0]`,
      label: "Applicant's Email Address",
      type: 'email',
      source: 'client.email',
      required: false,
    },
  ],
};
