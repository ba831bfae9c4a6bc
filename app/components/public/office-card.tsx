import type { SiteSettings } from '../../../content/settings';
import { PhoneIcon, PinIcon } from './icons';
import { IconLine } from './section';
import { telHref } from './site';
import { useT } from '../../lib/i18n';

/** One office of the firm: city (marked when it is the headquarters), address and phone. */
export function OfficeCard({
  office,
  headquarters = false,
}: {
  office: SiteSettings['headquarters'];
  headquarters?: boolean;
}) {
  const { t } = useT();
  return (
    <div className="office h-100">
      <h3 className="h6 mb-1">
        {office.city}
        {headquarters && <span className="badge text-bg-light ms-2">{t('office.hq')}</span>}
      </h3>
      <IconLine icon={PinIcon} className="small mb-1">
        {office.address}
      </IconLine>
      {office.phone && (
        <IconLine icon={PhoneIcon} className="small mb-0">
          <a href={telHref(office.phone)}>{office.phone}</a>
        </IconLine>
      )}
    </div>
  );
}
