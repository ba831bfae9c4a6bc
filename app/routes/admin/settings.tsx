import { useEffect, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import type { SiteSettings } from '@content/settings';
import { settingsDocument, settingsFormState, type SettingsFormState } from '@content/settings-form';
import { FormError } from '~/components/admin/fields';
import { notify } from '~/components/admin/notify';
import { SettingsCards } from '~/components/admin/settings-form';
import { api } from '~/lib/api';
import { Rule36Findings } from '~/components/admin/rule36-panel';
import type { Rule36Finding } from '@content/rules/rule36';
import { settingsFieldLabel, settingsFieldText } from '@content/rules/rule36-settings';
import { isWebsiteText, ROLE_LABELS } from '@content/roles';
import { useMayUse, useRole } from '~/components/admin/role';

export function meta() {
  return [{ title: 'Settings | Admin' }];
}

/**
 * Site settings (beyond the spec): the firm's details every public page reads, saved as one document. The
 * cards render from the form's declaration (content/settings-form.ts); the server validates.
 */
export default function SettingsPage() {
  const role = useRole();
  // An editor changes the website texts only (decision 0040); the other parts are not shown and go back unchanged.
  const everything = useMayUse('admin');
  const [form, setForm] = useState<SettingsFormState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [findings, setFindings] = useState<Rule36Finding[]>([]);
  const [overrideReason, setOverrideReason] = useState('');

  useEffect(() => {
    api<{ settings?: SiteSettings }>('/api/settings/getsettings')
      .then((res) => {
        if (res.ok && res.body.settings) setForm(settingsFormState(res.body.settings));
        else notify.error(res.body.message || 'Error fetching settings');
      })
      .catch(() => notify.error('Error fetching settings'));
  }, []);

  if (!form) {
    return (
      <>
        <h1 className="h3 mb-3">Settings</h1>
        <p>Loading...</p>
      </>
    );
  }

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const res = await api<{ settings?: SiteSettings; findings?: Rule36Finding[] }>('/api/settings/updatesettings', {
        method: 'POST',
        json: { ...settingsDocument(form), ...(overrideReason.trim() ? { override_reason: overrideReason.trim() } : {}) },
      });
      if (res.status === 401) return;
      setFindings(res.status === 409 && Array.isArray(res.body.findings) ? res.body.findings : []);
      if (!res.ok) {
        const message = res.body.message || 'Edit failed.';
        setError(message);
        notify.error(message);
        return;
      }
      if (res.body.settings) setForm(settingsFormState(res.body.settings));
      setOverrideReason('');
      notify.success(res.body.message || 'Settings updated successfully');
    } catch {
      setError('Edit failed.');
      notify.error('Edit failed.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="h3 mb-3">Settings</h1>
      {everything ? null : (
        <p className="text-body-secondary" data-testid="settings-scope">
          Your role ({ROLE_LABELS[role]}) changes the website’s texts here. Strict Rule 36 mode, booking rules and privacy
          settings are set by an administrator.
        </p>
      )}
      <Form noValidate onSubmit={save} aria-label="Site settings">
        <SettingsCards state={form} onChange={(update) => setForm((f) => (f ? update(f) : f))} only={everything ? undefined : isWebsiteText} />
        <FormError message={error} />
        {findings.length > 0 && (
          <Rule36Findings
            findings={findings}
            text={(f) => settingsFieldText(settingsDocument(form), f.field ?? '')}
            label={settingsFieldLabel}
            reason={overrideReason}
            onReason={setOverrideReason}
          />
        )}
        <Button type="submit" variant="dark" disabled={busy}>
          {busy ? 'Saving...' : 'Save Settings'}
        </Button>
      </Form>
    </>
  );
}
