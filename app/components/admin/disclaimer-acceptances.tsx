import { useEffect, useState } from 'react';
import { DataTable } from './DataTable';
import { api } from '~/lib/api';

interface Acceptance {
  version: string;
  day: string;
  count: number;
}

/**
 * How many visitors agreed to each disclaimer version (counts only; nothing about the visitors), shown in
 * the settings' Rule 36 card (content/settings-form.ts).
 */
export function DisclaimerAcceptances() {
  const [data, setData] = useState<{ version: string; acceptances: Acceptance[] } | null>(null);
  useEffect(() => {
    api<{ version?: string; acceptances?: Acceptance[] }>('/api/disclaimer/getacceptances')
      .then((r) => {
        if (r.ok && r.body.version && r.body.acceptances) setData({ version: r.body.version, acceptances: r.body.acceptances });
      })
      .catch(() => undefined);
  }, []);
  if (!data) return null;
  const versions = [...new Set(data.acceptances.map((a) => a.version))];
  if (!versions.includes(data.version)) versions.unshift(data.version);
  const total = (v: string) => data.acceptances.filter((a) => a.version === v).reduce((n, a) => n + a.count, 0);
  const last = (v: string) => data.acceptances.find((a) => a.version === v)?.day ?? '—';
  return (
    <section aria-labelledby="rule36-acceptances-title">
      <h3 id="rule36-acceptances-title" className="h6">
        Disclaimer agreements (last 90 days)
      </h3>
      <DataTable
        caption="Disclaimer agreements by version"
        rows={versions}
        rowKey={(v) => v}
        emptyText=""
        table={{ size: 'sm', className: 'small mb-0', style: { maxWidth: '32rem' } }}
        columns={[
          { key: 'version', header: 'Version', render: (v) => `${v}${v === data.version ? ' (current)' : ''}` },
          { key: 'count', header: 'Agreements', render: total },
          { key: 'last', header: 'Last day', render: last },
        ]}
      />
    </section>
  );
}
