import type { FormSpec } from './types';

const P1 = 'form1[0].Page1[0]';
const P2 = 'form1[0].Page2[0]';
const P3 = 'form1[0].Page3[0]';
const P4 = 'form1[0].Page4[0]';

/**
 * Form I-765, edition 01/20/25. The firm's client is the applicant: Part 2 ("Information About You") and
 * Part 3 ("Applicant's Contact Information"). In these packets the work permit rests on the pending Form
 * I-485, so Item 27 is category (c)(9) (8 CFR 274a.12(c)(9)).
 */
export const I765: FormSpec = {
  code: 'I-765',
  title: 'Application for Employment Authorization',
  edition: '01/20/25',
  sourceUrl: 'https://www.uscis.gov/i-765',
  fields: [
    {
      part: 'Part 2',
      item: '1.a',
      pdfName: `${P1}.Line1a_FamilyName[0]`,
      label: 'Family Name (Last Name)',
      type: 'text',
      source: 'client.familyName',
    },
    {
      part: 'Part 2',
      item: '1.b',
      pdfName: `${P1}.Line1b_GivenName[0]`,
      label: 'Given Name (First Name)',
      type: 'text',
      source: 'client.givenName',
    },
    {
      part: 'Part 2',
      item: '5.b',
      pdfName: `${P2}.Line4b_StreetNumberName[0]`,
      label: 'U.S. Mailing Address: Street Number and Name',
      type: 'text',
      source: 'client.street',
    },
    {
      part: 'Part 2',
      item: '5.d',
      pdfName: `${P2}.Pt2Line5_CityOrTown[0]`,
      label: 'U.S. Mailing Address: City or Town',
      type: 'text',
      source: 'client.city',
      maxLength: 30,
    },
    {
      part: 'Part 2',
      item: '5.e',
      pdfName: `${P2}.Pt2Line5_State[0]`,
      label: 'U.S. Mailing Address: State',
      type: 'state',
      source: 'client.state',
    },
    {
      part: 'Part 2',
      item: '5.f',
      pdfName: `${P2}.Pt2Line5_ZipCode[0]`,
      label: 'U.S. Mailing Address: ZIP Code',
      type: 'zip',
      source: 'client.zip',
    },
    {
      part: 'Part 2',
      item: '7',
      pdfName: `${P2}.#area[1].Line7_AlienNumber[0]`,
      label: 'Alien Registration Number (A-Number)',
      type: 'a-number',
      source: 'client.aNumber',
      required: false,
    },
    {
      part: 'Part 2',
      item: '17.a',
      pdfName: `${P2}.Line17a_CountryOfBirth[0]`,
      label: 'Country of Citizenship or Nationality',
      type: 'text',
      source: 'client.countryOfCitizenship',
    },
    {
      part: 'Part 2',
      item: '19',
      pdfName: `${P3}.Line19_DOB[0]`,
      label: 'Date of Birth (mm/dd/yyyy)',
      type: 'date',
      source: 'client.dateOfBirth',
    },
    {
      part: 'Part 2',
      item: '27',
      pdfName: `${P3}.#area[2].section_1[0]`,
      label: 'Eligibility Category: letter',
      type: 'text',
      source: 'fixed',
      maxLength: 1,
      value: 'c',
    },
    {
      part: 'Part 2',
      item: '27',
      pdfName: `${P3}.#area[2].section_2[0]`,
      label: 'Eligibility Category: number',
      type: 'text',
      source: 'fixed',
      maxLength: 2,
      value: '9',
    },
    {
      part: 'Part 3',
      item: '3',
      pdfName: `${P4}.Pt3Line3_DaytimePhoneNumber1[0]`,
      label: "Applicant's Daytime Telephone Number",
      type: 'phone',
      source: 'client.phone',
    },
    {
      part: 'Part 3',
      item: '5',
      pdfName: `${P4}.Pt3Line5_Email[0]`,
      label: "Applicant's Email Address",
      type: 'email',
      source: 'client.email',
      required: false,
    },
  ],
};
