/**
 * The settings' texts in the other languages (decision 0081) on the Settings screen: one tab per language,
 * each text beside its English, the translation's state, save as a draft, publish, mark as up to date, the
 * Rule 36 findings of the texts in that language. The rows' translation editor's parts (translation-editor.tsx)
 * over the settings' translation calls.
 */
import { useEffect, useMemo } from 'react';
import type { SiteSettings } from '@content/settings';
import { applySettingsTexts, settingsTextDef } from '@content/settings-texts';
import { checkSettingsRule36, settingsFieldLabel, settingsFieldText } from '@content/rules/rule36-settings';
import {
  ModelDraftButton,
  PreviewButton,
  TranslationActions,
  TranslationFields,
  useTranslationWork,
  type TranslationState,
  type TranslationSubject,
  type TranslationText,
} from './translation-editor';

/** The settings' texts of a translation, in the order the server lists their English. */
function settingsTextsOf(source: Readonly<Record<string, string>>): TranslationText[] {
  return Object.keys(source).map((key) => {
    const d = settingsTextDef(key);
    const label = d?.label ?? key;
    // The longer texts (addresses, biographies, the disclaimer) get a text area.
    return { key, label, field: { type: (d?.max ?? 0) > 200 ? 'longtext' : 'text', label, max: d?.max } };
  });
}

/**
 * One language's translation of the settings' texts. `settings` is the English as last saved (the Rule 36
 * check reads the texts left in English too, as the server's does); `onState` hears the translation's state.
 */
export function SettingsTranslation({
  locale,
  settings,
  version,
  onState,
}: {
  locale: string;
  settings: SiteSettings;
  /** The English settings' version: a save of the English reads the translation again, keeping what was typed. */
  version: number;
  onState(locale: string, state: TranslationState): void;
}) {
  const path = `/api/settings/translations/${locale}`;
  const subject = useMemo(
    (): TranslationSubject => ({
      path,
      locale,
      sourceVersion: version,
      texts: (view) => settingsTextsOf(view.source),
      check: (values) => checkSettingsRule36(applySettingsTexts(settings, values), locale),
      findingText: (fd, values) => settingsFieldText(applySettingsTexts(settings, values), fd.field ?? ''),
      findingLabel: settingsFieldLabel,
    }),
    [path, locale, settings, version],
  );
  const work = useTranslationWork(subject);
  const state = work.view?.state;
  useEffect(() => {
    if (state) onState(locale, state);
  }, [locale, state, onState]);

  return (
    <section aria-label={`${work.language} translation of the settings`}>
      <p className="text-body-secondary small">
        The texts visitors read on every page in {work.language}: the tagline, hours, addresses, the legal team&rsquo;s
        profiles and the disclaimer. Names, cities, phone numbers and email addresses stay as they are in English. Leave
        a text empty to show its English.
      </p>
      <TranslationFields
        work={work}
        subject={subject}
        idPrefix={`settings-translation-${locale}`}
        where={{ text: `The ${work.language} pages`, plural: true, notice: false }}
        tools={<ModelDraftButton work={work} />}
      />
      <div className="mt-3">
        <TranslationActions work={work}>
          <PreviewButton work={work} path={path} />
        </TranslationActions>
      </div>
    </section>
  );
}
