import { defineResource, isBlank } from '../kit';

export const team = defineResource({
  key: 'team',
  label: 'Team member',
  table: 'team_members',
  id: 'team_id',
  base: '/ourteam',
  paths: { add: '/addTeam', list: '/getallourteam', update: '/updateTeam', delete: '/deleteTeam' },
  body: 'json',
  keys: { list: 'team', add: 'team', update: 'updatedTeam' },
  order: 'asc',
  fields: {
    name: { type: 'text', label: 'Name', max: 120, column: true },
    address: { type: 'text', label: 'City', max: 120, column: true },
  },
  files: {},
  validate: (v) => (isBlank(v.name) || isBlank(v.address) ? 'Please fill in all fields.' : null),
  missingIdMessage: 'Please fill in all fields.',
  admin: { path: 'team', title: 'Our Team', nav: 'Our Team', empty: 'No team members added yet.' },
});
