import type { SiteSettings } from '../../../content/settings';
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon, YouTubeIcon } from './icons';
import { SOCIAL_LABELS } from './site';
import { useT } from '../../lib/i18n';

const ICONS = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  linkedin: LinkedInIcon,
  x: XIcon,
  youtube: YouTubeIcon,
};

/** The firm's social profiles from the site settings (empty ones left out). */
export function SocialLinks({
  socials,
  size = 18,
  className = '',
}: {
  socials: SiteSettings['socials'];
  size?: number;
  className?: string;
}) {
  const { t } = useT();
  const entries = (Object.keys(ICONS) as (keyof typeof ICONS)[]).filter((k) => socials[k]);
  if (!entries.length) return null;
  return (
    <ul className={`list-unstyled d-flex gap-2 mb-0 social-links ${className}`}>
      {entries.map((k) => {
        const Icon = ICONS[k];
        return (
          <li key={k}>
            <a
              href={socials[k]}
              target="_blank"
              rel="noopener noreferrer"
              className="social-link"
              aria-label={`${SOCIAL_LABELS[k]}${t('common.newTab')}`}
            >
              <Icon size={size} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
