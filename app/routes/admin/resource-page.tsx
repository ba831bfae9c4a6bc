import { useMatches } from 'react-router';
import { resources } from '@content/resources/index';
import { ResourceManager } from '~/components/admin/ResourceManager';

/** Every management page of the spec's shape, generated from its content declaration (route id 'admin-<key>'). */
export default function ResourcePage() {
  const matches = useMatches();
  const id = matches[matches.length - 1]?.id ?? '';
  const def = resources.find((r) => `admin-${r.key}` === id);
  if (!def) throw new Response('Not found', { status: 404 });
  return <ResourceManager key={def.key} def={def} />;
}

export function meta({ matches }: { matches: { id: string }[] }) {
  const id = matches[matches.length - 1]?.id ?? '';
  const def = resources.find((r) => `admin-${r.key}` === id);
  return [{ title: `${def?.admin.title ?? 'Admin'} | Admin` }];
}
