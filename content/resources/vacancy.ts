import { defineResource, isBlank } from '../kit';

export const vacancy = defineResource({
  key: 'vacancy',
  label: 'Vacancy',
  table: 'vacancies',
  id: 'vacancy_id',
  base: '/vacancy',
  paths: {
    add: '/addVacancy',
    list: '/getAllVacancyData',
    update: '/updateVacancy',
    delete: '/deleteVacancy',
  },
  body: 'json',
  keys: { list: 'vacancies', add: 'vacancy', update: 'updatedVacancy' },
  order: 'asc',
  fields: {
    vacancy_title: { type: 'text', label: 'Vacancy Title', max: 200, column: true },
    name_of_employment: { type: 'text', label: 'Employment Type', max: 80, column: true, help: 'Full-time, Part-time…' },
    number_of_vacancy: { type: 'int', label: 'Number of Vacancies', column: true },
  },
  files: {},
  validate: (v) => (isBlank(v.vacancy_title) || isBlank(v.name_of_employment) ? 'Please fill all the fields' : null),
  missingIdMessage: 'Please fill all the fields',
  admin: { path: 'vacancies', title: 'Vacancies', nav: 'Vacancies', empty: 'No vacancies available' },
});
