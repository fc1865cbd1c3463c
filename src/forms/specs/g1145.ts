import type { FormSpec } from './types';

const P = 'form1[0].#subform[0]';

/**
 * Form G-1145, edition 09/26/14: clipped to the front of a filing so that USCIS emails and texts its
 * acceptance. It has no numbered parts: its boxes are named by their labels. USCIS needs an email address,
 * a mobile phone number, or both.
 */
export const G1145: FormSpec = {
  code: 'G-1145',
  title: 'E-Notification of Application/Petition Acceptance',
  edition: '09/26/14',
  sourceUrl: 'https://www.uscis.gov/g-1145',
  fields: [
    {
      part: 'Applicant/Petitioner',
      item: 'Full Last Name',
      pdfName: `${P}.LastName[0]`,
      label: 'Applicant/Petitioner Full Last Name',
      type: 'text',
      source: 'client.familyName',
    },
    {
      part: 'Applicant/Petitioner',
      item: 'Full First Name',
      pdfName: `${P}.FirstName[0]`,
      label: 'Applicant/Petitioner Full First Name',
      type: 'text',
      source: 'client.givenName',
    },
    {
      part: 'Applicant/Petitioner',
      item: 'Email Address',
      pdfName: `${P}.Email[0]`,
      label: 'Email Address',
      type: 'email',
      source: 'client.email',
      required: false,
    },
    {
      part: 'Applicant/Petitioner',
      item: 'Mobile Phone Number',
      pdfName: `${P}.MobilePhoneNumber[0]`,
      label: 'Mobile Phone Number',
      type: 'phone',
      source: 'client.phone',
      required: false,
    },
  ],
  oneOf: {
    pdfNames: [`${P}.Email[0]`, `${P}.MobilePhoneNumber[0]`],
    part: 'Applicant/Petitioner',
    item: 'Email Address',
    message:
      "G-1145 needs the client's email address or mobile phone number: add one to the client's record.",
  },
};
