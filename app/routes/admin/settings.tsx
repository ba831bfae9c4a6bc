import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Form } from 'react-bootstrap';
import { DEFAULT_LOCALE, LOCALES } from '@content/locales';
import type { TranslationView } from '@content/admin-views';
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
import { SettingsTranslation } from '~/components/admin/settings-translations';
import { TabList, TabPanel } from '~/components/admin/tabs';
import { languageName, STATE_TEXT, stateBadge, type TranslationState } from '~/components/admin/translation-editor';

/** The languages the settings' texts are translated into (decision 0081): every locale but English. */
const TRANSLATED = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

export function meta() {
  return [{ title: 'Settings | Admin' }];
}

/**
 * Site settings (beyond the spec): the firm's details every public page reads, saved as one document. The
 * cards render from the form's declaration (content/settings-form.ts); the server validates. A tab per other
 * language translates the visitor-facing texts (decision 0081), each with its state in the tab's name.
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
  // The English as last loaded or saved: the translations are made from it (and read again when it is saved,
  // keeping what was typed in them and not saved yet).
  const [english, setEnglish] = useState<{ settings: SiteSettings; version: number } | null>(null);
  // ?language=ml opens that language's tab (the dashboard's work list links there).
  const [params] = useSearchParams();
  const asked = params.get('language');
  const [tab, setTab] = useState<string>(
    asked && TRANSLATED.includes(asked as (typeof TRANSLATED)[number]) ? asked : DEFAULT_LOCALE,
  );
  const [states, setStates] = useState<Partial<Record<string, TranslationState>>>({});
  const onState = useCallback(
    (locale: string, st: TranslationState) => setStates((old) => ({ ...old, [locale]: st })),
    [],
  );
  // Each language's state for its tab, read again whenever the English is (its panel reports changes after).
  const version = english?.version ?? 0;
  useEffect(() => {
    if (!version) return;
    for (const l of TRANSLATED) {
      void api<{ translation?: TranslationView }>(`/api/settings/translations/${l}`).then((res) => {
        if (res.ok && res.body.translation) onState(l, res.body.translation.state);
      });
    }
  }, [version, onState]);
  const loaded = (settings: SiteSettings) => {
    setForm(settingsFormState(settings));
    setEnglish((old) => ({ settings, version: (old?.version ?? 0) + 1 }));
  };

  useEffect(() => {
    api<{ settings?: SiteSettings }>('/api/settings/getsettings')
      .then((res) => {
        if (res.ok && res.body.settings) loaded(res.body.settings);
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
        json: {
          ...settingsDocument(form),
          ...(overrideReason.trim() ? { override_reason: overrideReason.trim() } : {}),
        },
      });
      if (res.status === 401) return;
      setFindings(res.status === 409 && Array.isArray(res.body.findings) ? res.body.findings : []);
      if (!res.ok) {
        const message = res.body.message || 'Edit failed.';
        setError(message);
        notify.error(message);
        return;
      }
      if (res.body.settings) loaded(res.body.settings);
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
          Your role ({ROLE_LABELS[role]}) changes the website’s texts here. Strict Rule 36 mode, booking rules and
          privacy settings are set by an administrator.
        </p>
      )}
      <TabList
        id="settings-tabs"
        label="Settings in each language"
        active={tab}
        onSelect={setTab}
        tabs={[
          { key: DEFAULT_LOCALE, title: 'English' },
          ...(english
            ? TRANSLATED.map((l) => {
                const st = states[l];
                const b = st ? stateBadge(st) : null;
                return {
                  key: l,
                  title: (
                    <>
                      {languageName(l)} translation{' '}
                      {b && st ? (
                        <Badge bg={b.bg} text={b.text}>
                          {STATE_TEXT[st]}
                        </Badge>
                      ) : null}
                    </>
                  ),
                };
              })
            : []),
        ]}
      />
      <TabPanel id="settings-tabs" tab={DEFAULT_LOCALE} active={tab}>
        <Form noValidate onSubmit={save} aria-label="Site settings">
          <SettingsCards
            state={form}
            onChange={(update) => setForm((f) => (f ? update(f) : f))}
            only={everything ? undefined : isWebsiteText}
          />
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
      </TabPanel>
      {english
        ? TRANSLATED.map((l) => (
            <TabPanel key={l} id="settings-tabs" tab={l} active={tab}>
              <SettingsTranslation
                key={l}
                locale={l}
                settings={english.settings}
                version={english.version}
                onState={onState}
              />
            </TabPanel>
          ))
        : null}
    </>
  );
}
