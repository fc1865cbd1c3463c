import type { FormSpec } from './types';

const P = 'form1[0].#subform[4]';

/**
 * Form I-130, edition 04/01/24. The firm's client is the beneficiary, the relative who immigrates: Part 4
 * ("Information About Beneficiary"). The petitioner (Part 2) is a person the product does not hold.
 */
export const I130: FormSpec = {
  code: 'I-130',
  title: 'Petition for Alien Relative',
  edition: '04/01/24',
  sourceUrl: 'https://www.uscis.gov/i-130',
  fields: [
    {
      part: 'Part 4',
      item: '1',
      pdfName: `${P}.#area[6].Pt4Line1_AlienNumber[0]`,
      label: 'Alien Registration Number (A-Number)',
      type: 'a-number',
      source: 'client.aNumber',
      required: false,
    },
    {
      part: 'Part 4',
      item: '4.a',
      pdfName: `${P}.Pt4Line4a_FamilyName[0]`,
      label: 'Family Name (Last Name)',
      type: 'text',
      source: 'client.familyName',
    },
    {
      part: 'Part 4',
      item: '4.b',
      pdfName: `${P}.Pt4Line4b_GivenName[0]`,
      label: 'Given Name (First Name)',
      type: 'text',
      source: 'client.givenName',
    },
    {
      part: 'Part 4',
      item: '9',
      pdfName: `${P}.Pt4Line9_DateOfBirth[0]`,
      label: 'Date of Birth (mm/dd/yyyy)',
      type: 'date',
      source: 'client.dateOfBirth',
    },
    {
      part: 'Part 4',
      item: '11.a',
      pdfName: `${P}.Pt4Line11_StreetNumberName[0]`,
      label: 'Physical Address: Street Number and Name',
      type: 'text',
      source: 'client.street',
    },
    {
      part: 'Part 4',
      item: '11.c',
      pdfName: `${P}.Pt4Line11_CityOrTown[0]`,
      label: 'Physical Address: City or Town',
      type: 'text',
      maxLength: 30,
      source: 'client.city',
    },
    {
      part: 'Part 4',
      item: '11.d',
      pdfName: `${P}.Pt4Line11_State[0]`,
      label: 'Physical Address: State',
      type: 'state',
      source: 'client.state',
    },
    {
      part: 'Part 4',
      item: '11.e',
      pdfName: `${P}.Pt4Line11_ZipCode[0]`,
      label: 'Physical Address: ZIP Code',
      type: 'zip',
      source: 'client.zip',
    },
    {
      part: 'Part 4',
      item: '14',
      pdfName: `${P}.Pt4Line14_DaytimePhoneNumber[0]`,
      label: 'Daytime Telephone Number',
      type: 'phone',
      source: 'client.phone',
      required: false,
    },
    {
      part: 'Part 4',
      item: '16',
      pdfName: `${P}.Pt4Line16_EmailAddress[0]`,
      label: 'Email Address',
      type: 'email',
      source: 'client.email',
      required: false,
    },
  ],
};
