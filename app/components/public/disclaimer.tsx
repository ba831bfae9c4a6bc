import { useEffect, useMemo, useState } from 'react';
import type { SiteSettings } from '../../../content/settings';
import {
  agreementHolds,
  DISCLAIMER_STORAGE_KEY,
  disclaimerTexts,
  disclaimerVersion,
  type DisclaimerTexts,
} from '../../../content/rules/disclaimer';
import { island } from './island';
import { useT, type Translate } from '../../lib/i18n';
import type { Locale } from '../../../content/locales';
import { Modal, ModalHeader } from './modal';

/** Delay before the disclaimer appears (spec section 9). */
export const DISCLAIMER_DELAY_MS = 5000;

function readAgreement(): unknown {
  try {
    const raw = window.localStorage.getItem(DISCLAIMER_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function rememberAgreement(version: string): void {
  try {
    window.localStorage.setItem(DISCLAIMER_STORAGE_KEY, JSON.stringify({ version, at: Date.now() }));
  } catch {
    /* storage unavailable: the popup simply shows again next time */
  }
}

/**
 * The legal disclaimer popup: 5 s after load, on a static backdrop, closable. "I agree" is remembered in
 * this browser for 30 days for this version of the text (an edit of the text is a new version) and counted
 * on the server without anything about the visitor; "Leave this site" goes to the neutral page of the
 * settings. All of it runs after hydration: the cached page is the same for every visitor (decision 0010).
 */
export function DisclaimerPopup({
  settings,
  standard = false,
}: {
  settings: Pick<SiteSettings, 'firmName' | 'rule36'>;
  /** The body is still the default text (content/settings.ts), which the catalogs translate. */
  standard?: boolean;
}) {
  const { t, locale } = useT();
  // The version is the English text's: an agreement holds in every language (the texts say the same).
  const version = useMemo(() => disclaimerVersion(disclaimerTexts(settings)), [settings]);
  const texts = useMemo(() => localDisclaimer(settings, standard, locale, t), [settings, standard, locale, t]);
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (agreementHolds(readAgreement(), version, Date.now())) return;
    const id = window.setTimeout(() => setShow(true), DISCLAIMER_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [version]);

  const agree = () => {
    rememberAgreement(version);
    setShow(false);
    void fetch('/api/disclaimer/accept', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ version }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  };

  const hide = () => setShow(false);
  return (
    <Modal
      show={show}
      onHide={hide}
      staticBackdrop
      centered
      size="lg"
      aria-labelledby="disclaimer-title"
      className="disclaimer-modal"
      data-version={version}
    >
      <ModalHeader closeLabel={t('common.close')} onHide={hide}>
        <div>
          <h2 id="disclaimer-title" className="modal-title">
            {t('disclaimer.title')}
          </h2>
          <p className="disclaimer-subtitle mb-0">{t('disclaimer.subtitle')}</p>
        </div>
      </ModalHeader>
      <div className="modal-body">
        <p>{texts.statement}</p>
        <p>{t('disclaimer.intro')}</p>
        <ol className="disclaimer-points">
          {texts.acknowledgements.map((a, i) => (
            <li key={i}>{a}</li>
          ))}
        </ol>
        <p className="mb-0">{texts.advice}</p>
      </div>
      <div className="modal-footer">
        <a className="btn btn-outline-secondary" href={settings.rule36.leaveUrl} rel="noreferrer">
          {t('disclaimer.leave')}
        </a>
        <button type="button" className="btn btn-primary" onClick={agree}>
          {t('disclaimer.agree')}
        </button>
      </div>
    </Modal>
  );
}

/**
 * The body in the page's language: the catalog's translation of the default texts (content/settings.ts) while
 * the firm has not changed them; text the firm wrote itself is shown as written (decision 0063).
 */
function localDisclaimer(settings: Pick<SiteSettings, 'firmName' | 'rule36'>, standard: boolean, locale: Locale, t: Translate): DisclaimerTexts {
  const english = disclaimerTexts(settings);
  if (locale === 'en' || !standard) return english;
  const firm = settings.firmName;
  return {
    statement: t('disclaimer.default.statement', { firm }),
    acknowledgements: [
      t('disclaimer.default.ack1', { firm }),
      t('disclaimer.default.ack2', { firm }),
      t('disclaimer.default.ack3', { firm }),
      t('disclaimer.default.ack4', { firm }),
    ],
    advice: t('disclaimer.default.advice', { firm }),
  };
}

export const DisclaimerIsland = island('disclaimer', DisclaimerPopup);
