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
