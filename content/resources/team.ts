import { defineResource, isBlank } from '../kit';

export const team = defineResource({
  key: 'team',
  label: 'Team member',
  table: 'team_members',
  id: 'team_id',
  calls: ['/ourteam/addTeam', '/ourteam/getallourteam', '/ourteam/updateTeam', '/ourteam/deleteTeam'],
  body: 'json',
  keys: { list: 'team', add: 'team', update: 'updatedTeam' },
  fields: {
    name: { type: 'text', label: 'Name', max: 120 },
    address: { type: 'text', label: 'City', max: 120 },
  },
  validate: (v) => (isBlank(v.name) || isBlank(v.address) ? 'Please fill in all fields.' : null),
  missingIdMessage: 'Please fill in all fields.',
  ordered: true,
  site: { list: '/our-legal-team', failed: 'Failed to fetch team data' },
  rule36: { fields: ['name', 'address'] },
  assistant: {
    note: 'Team members are the cards on the About page, with the city under the name.',
    synonyms: 'lawyer|staff|team',
  },
  admin: { path: 'team', title: 'Our Team', empty: 'No team members added yet.' },
});
