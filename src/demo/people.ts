/**
 * The demo practice's people: the firm's staff beside the demo logins, and its clients from around the
 * world (names as their owners write them, with the accents and hyphens a real docket has).
 */

/** 40 more members of the demo firm: with `admin` and `attorney`, the SPEC's 42 active users. */
export const DEMO_STAFF: Array<[firstName: string, lastName: string, role: 'admin' | 'user']> = [
  ['Priya', 'Raman', 'admin'],
  ['Marcus', 'Bell', 'user'],
  ['Sofia', 'Marquez', 'user'],
  ['Daniel', 'Okafor', 'user'],
  ['Hannah', 'Kim', 'user'],
  ['Tomás', 'Herrera', 'user'],
  ['Grace', 'Liu', 'user'],
  ['Ethan', 'Brooks', 'user'],
  ['Amara', 'Nwosu', 'user'],
  ['Lucas', 'Ferreira', 'user'],
  ['Mei', 'Tanaka', 'user'],
  ['Owen', 'Sullivan', 'user'],
  ['Fatima', 'Haddad', 'user'],
  ['Noah', 'Goldberg', 'user'],
  ['Isabel', 'Cruz', 'user'],
  ['Ryan', 'Patel', 'user'],
  ['Chloe', 'Dubois', 'user'],
  ['Samuel', 'Mensah', 'user'],
  ['Leah', 'Novak', 'user'],
  ['Gabriel', 'Santos', 'user'],
  ['Nadia', 'Petrova', 'user'],
  ['Julian', 'Reyes', 'user'],
  ['Aisha', 'Bello', 'user'],
  ['Caleb', 'Morris', 'user'],
  ['Elena', 'Rossi', 'user'],
  ['Victor', 'Nguyen', 'user'],
  ['Zoe', 'Andersen', 'user'],
  ['Adrian', 'Kowalski', 'user'],
  ['Maya', 'Shapiro', 'user'],
  ['Kwame', 'Asante', 'user'],
  ['Laura', 'Jiménez', 'user'],
  ['Henry', 'Walsh', 'user'],
  ['Yuki', 'Sato', 'user'],
  ['Diego', 'Alvarez', 'user'],
  ['Rachel', 'Cohen', 'user'],
  ['Ahmed', 'Farouk', 'user'],
  ['Claire', "O'Connor", 'user'],
  ['Mateo', 'Vargas', 'user'],
  ['Anika', 'Sharma', 'admin'],
  ['Benjamin', 'Hart', 'user'],
];

/** Given names and family names by country of citizenship; the seed pairs them into clients. */
export const DEMO_CLIENT_NAMES: Array<{ country: string; given: string[]; family: string[] }> = [
  {
    country: 'Mexico',
    given: ['José', 'María Fernanda', 'Alejandro', 'Guadalupe', 'Luis'],
    family: ['García', 'Hernández', 'López', 'Martínez', 'Ramírez'],
  },
  {
    country: 'India',
    given: ['Arjun', 'Priyanka', 'Rohan', 'Sneha', 'Vikram'],
    family: ['Iyer', 'Reddy', 'Gupta', 'Nair', 'Singh'],
  },
  {
    country: 'China',
    given: ['Wei', 'Xiaoling', 'Jun', 'Mei', 'Hao'],
    family: ['Wang', 'Zhang', 'Chen', 'Li', 'Zhao'],
  },
  {
    country: 'Philippines',
    given: ['Maria Cristina', 'Jose Rizal', 'Angelica', 'Ramon'],
    family: ['Santos', 'Reyes', 'dela Cruz', 'Bautista'],
  },
  {
    country: 'Vietnam',
    given: ['Minh', 'Thi Lan', 'Quang', 'Ngọc Anh'],
    family: ['Nguyễn', 'Trần', 'Lê', 'Phạm'],
  },
  {
    country: 'Nigeria',
    given: ['Chinedu', 'Ngozi', 'Oluwaseun', 'Adaeze'],
    family: ['Okonkwo', 'Adeyemi', 'Eze', 'Balogun'],
  },
  {
    country: 'Ukraine',
    given: ['Oleksandr', 'Kateryna', 'Dmytro', 'Iryna'],
    family: ['Shevchenko', 'Kovalenko', 'Bondarenko', 'Tkachenko'],
  },
  {
    country: 'El Salvador',
    given: ['Carlos', 'Ana Beatriz', 'Edwin', 'Rosa'],
    family: ['Flores', 'Rivas', 'Mejía', 'Portillo'],
  },
  {
    country: 'Haiti',
    given: ['Jean-Baptiste', 'Fabienne', 'Wilner', 'Nadège'],
    family: ['Pierre', 'Joseph', 'Baptiste', 'Charles'],
  },
  {
    country: 'Afghanistan',
    given: ['Ahmad', 'Farzana', 'Mohammad', 'Zahra'],
    family: ['Rahimi', 'Ahmadzai', 'Karimi', 'Noori'],
  },
  {
    country: 'Brazil',
    given: ['João', 'Luana', 'Rafael', 'Beatriz'],
    family: ['Oliveira', 'Souza', 'Costa', 'Pereira'],
  },
  {
    country: 'Colombia',
    given: ['Andrés', 'Valentina', 'Santiago', 'Camila'],
    family: ['Restrepo', 'Gómez', 'Moreno', 'Castillo'],
  },
  {
    country: 'Ethiopia',
    given: ['Abebe', 'Selam', 'Dawit', 'Hiwot'],
    family: ['Tesfaye', 'Bekele', 'Haile', 'Girma'],
  },
  {
    country: 'South Korea',
    given: ['Ji-woo', 'Min-jun', 'Seo-yeon', 'Dong-hyun'],
    family: ['Park', 'Choi', 'Jung', 'Kang'],
  },
  {
    country: 'Guatemala',
    given: ['Marvin', 'Yesenia', 'Byron', 'Dulce'],
    family: ['Pérez', 'Ajú', 'Chávez', 'Tzoc'],
  },
  {
    country: 'Poland',
    given: ['Katarzyna', 'Piotr', 'Agnieszka', 'Tomasz'],
    family: ['Nowak', 'Wiśniewski', 'Wójcik', 'Kamińska'],
  },
];
