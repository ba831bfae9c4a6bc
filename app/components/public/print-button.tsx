import { PrintIcon } from './icons';
import { island } from './island';
import { useT } from '../../lib/i18n';

/** The article's Print button (an island, decision 0028). */
export function PrintButtonView() {
  const { t } = useT();
  return (
    <button
      type="button"
      className="btn btn-outline-primary btn-sm no-print d-inline-flex align-items-center gap-2"
      onClick={() => window.print()}
    >
      <PrintIcon /> {t('print.button')}
    </button>
  );
}

export const PrintButton = island('print', PrintButtonView);
