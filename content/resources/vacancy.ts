import { defineResource, isBlank } from '../kit';

export const vacancy = defineResource({
  key: 'vacancy',
  label: 'Vacancy',
  table: 'vacancies',
  id: 'vacancy_id',
  calls: ['/vacancy/addVacancy', '/vacancy/getAllVacancyData', '/vacancy/updateVacancy', '/vacancy/deleteVacancy'],
  body: 'json',
  keys: { list: 'vacancies', add: 'vacancy', update: 'updatedVacancy' },
  fields: {
    vacancy_title: { type: 'text', label: 'Vacancy Title', max: 200, translatable: true },
    name_of_employment: { type: 'text', label: 'Employment Type', max: 80, translatable: true, help: 'Full-time, Part-time…' },
    number_of_vacancy: { type: 'int', label: 'Number of Vacancies' },
  },
  validate: (v) => (isBlank(v.vacancy_title) || isBlank(v.name_of_employment) ? 'Please fill all the fields' : null),
  missingIdMessage: 'Please fill all the fields',
  site: { list: '/vacancies', failed: 'Error fetching vacancies' },
  search: { kind: 'vacancy', label: 'Vacancy', title: 'vacancy_title', text: ['name_of_employment'] },
  rule36: { fields: [] },
  assistant: {
    note: "Vacancies are the cards of /vacancies ('Careers' in the header).",
    synonyms: 'job|job opening|opening|position|career|hiring',
  },
  admin: { path: 'vacancies', title: 'Vacancies', empty: 'No vacancies available' },
});
