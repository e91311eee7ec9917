import type { SVGProps } from 'react';

/**
 * Line icons drawn inline (no icon font, no icon package): 24×24, stroke = currentColor.
 * Size them with width/height or a parent's font size (default 1em).
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

function svg(paths: React.ReactNode, name: string) {
  function Icon({ size = '1em', ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}

export const MenuIcon = svg(<path d="M4 7h16M4 12h16M4 17h16" />, 'MenuIcon');
export const CloseIcon = svg(<path d="M6 6l12 12M18 6L6 18" />, 'CloseIcon');
export const BellIcon = svg(
  <>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </>,
  'BellIcon',
);
export const ChevronDownIcon = svg(<path d="M6 9l6 6 6-6" />, 'ChevronDownIcon');
export const ChevronRightIcon = svg(<path d="M9 6l6 6-6 6" />, 'ChevronRightIcon');
export const ChevronLeftIcon = svg(<path d="M15 6l-6 6 6 6" />, 'ChevronLeftIcon');
export const PauseIcon = svg(<path d="M9 6v12M15 6v12" />, 'PauseIcon');
export const PlayIcon = svg(<path d="M8 5.5v13l10.5-6.5z" />, 'PlayIcon');
export const MegaphoneIcon = svg(
  <>
    <path d="M4 10v4a1 1 0 0 0 1 1h2l6 4V5L7 9H5a1 1 0 0 0-1 1z" />
    <path d="M17 9a4 4 0 0 1 0 6" />
  </>,
  'MegaphoneIcon',
);
export const ArrowRightIcon = svg(<path d="M5 12h14M13 6l6 6-6 6" />, 'ArrowRightIcon');
export const SurveyIcon = svg(
  <>
    <rect x="5" y="3.5" width="14" height="17" rx="2" />
    <path d="M9 3.5h6v3H9zM8.5 11l1.5 1.5 3-3M8.5 16.5h7" />
  </>,
  'SurveyIcon',
);
export const CoinIcon = svg(
  <>
    <ellipse cx="12" cy="7" rx="7" ry="3" />
    <path d="M5 7v5c0 1.7 3.1 3 7 3s7-1.3 7-3V7M5 12v5c0 1.7 3.1 3 7 3s7-1.3 7-3v-5" />
  </>,
  'CoinIcon',
);
export const GiftIcon = svg(
  <>
    <rect x="3.5" y="8" width="17" height="4" rx="1" />
    <path d="M5 12v8.5h14V12M12 8v12.5M12 8S10.5 3.5 8 4.5 9 8 12 8zm0 0s1.5-4.5 4-3.5S15 8 12 8z" />
  </>,
  'GiftIcon',
);
export const TrialIcon = svg(
  <>
    <path d="M4 8l8-4.5L20 8v8l-8 4.5L4 16z" />
    <path d="M4 8l8 4.5L20 8M12 12.5v8" />
  </>,
  'TrialIcon',
);
export const ChatIcon = svg(
  <>
    <path d="M4 5.5h11a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5H9l-4 3v-3H4A1.5 1.5 0 0 1 2.5 13V7A1.5 1.5 0 0 1 4 5.5z" />
    <path d="M16.5 9H20a1.5 1.5 0 0 1 1.5 1.5v5A1.5 1.5 0 0 1 20 17h-1v2.5L16 17h-4" />
  </>,
  'ChatIcon',
);
export const PhoneAppIcon = svg(
  <>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M10.5 18.5h3M10 8.5l4.5 2.5L10 13.5z" />
  </>,
  'PhoneAppIcon',
);
export const VideoIcon = svg(
  <>
    <rect x="2.5" y="5.5" width="14" height="13" rx="2" />
    <path d="M16.5 10l5-3v10l-5-3z" />
  </>,
  'VideoIcon',
);
export const CashIcon = svg(
  <>
    <rect x="2.5" y="6" width="19" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9.5v5M18 9.5v5" />
  </>,
  'CashIcon',
);
export const TicketIcon = svg(
  <>
    <path d="M3.5 7.5A1.5 1.5 0 0 1 5 6h14a1.5 1.5 0 0 1 1.5 1.5V10a2 2 0 0 0 0 4v2.5A1.5 1.5 0 0 1 19 18H5a1.5 1.5 0 0 1-1.5-1.5V14a2 2 0 0 0 0-4z" />
    <path d="M14.5 6v2.5M14.5 11v2M14.5 15.5V18" />
  </>,
  'TicketIcon',
);
export const BoxIcon = svg(
  <>
    <path d="M3.5 7.5L12 3l8.5 4.5v9L12 21l-8.5-4.5z" />
    <path d="M3.5 7.5L12 12l8.5-4.5M12 12v9M7.8 5.3l8.4 4.5" />
  </>,
  'BoxIcon',
);
export const LockIcon = svg(
  <>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
  </>,
  'LockIcon',
);
export const ShieldIcon = svg(
  <>
    <path d="M12 3l7.5 3v5.5c0 4.5-3.2 8.3-7.5 9.5-4.3-1.2-7.5-5-7.5-9.5V6z" />
    <path d="M8.8 12l2.2 2.2 4.3-4.4" />
  </>,
  'ShieldIcon',
);
export const ListIcon = svg(
  <>
    <rect x="4" y="3.5" width="16" height="17" rx="2" />
    <path d="M8 8.5h8M8 12h8M8 15.5h5" />
  </>,
  'ListIcon',
);
export const TargetIcon = svg(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="4.5" />
    <circle cx="12" cy="12" r="1" />
  </>,
  'TargetIcon',
);
export const UsersIcon = svg(
  <>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 5.2a3.5 3.5 0 0 1 0 6.6M18 14.3a6.5 6.5 0 0 1 3.5 5.7" />
  </>,
  'UsersIcon',
);
export const ChartIcon = svg(<path d="M4 20.5h16M7 17v-5M12 17V7M17 17v-8" />, 'ChartIcon');
export const MailIcon = svg(
  <>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3.5 7l8.5 6 8.5-6" />
  </>,
  'MailIcon',
);
export const ClockIcon = svg(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </>,
  'ClockIcon',
);
export const ToolIcon = svg(
  <path d="M14.5 6.5a4 4 0 0 0 5 5L13 18l-2.5 2.5a2.1 2.1 0 0 1-3-3L10 15l-1.5-1.5L6 16 3.5 13.5l8-8L14 8z" />,
  'ToolIcon',
);
export const HomeIcon = svg(
  <>
    <path d="M3.5 11L12 4l8.5 7" />
    <path d="M6 9.5V20h12V9.5" />
  </>,
  'HomeIcon',
);
export const UserIcon = svg(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5a8 8 0 0 1 16 0" />
  </>,
  'UserIcon',
);
export const HelpIcon = svg(
  <>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.6 9.5a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.7M12 17h.01" />
  </>,
  'HelpIcon',
);
export const LogoutIcon = svg(
  <>
    <path d="M14 4.5H6A1.5 1.5 0 0 0 4.5 6v12A1.5 1.5 0 0 0 6 19.5h8" />
    <path d="M10 12h10M16.5 8.5L20 12l-3.5 3.5" />
  </>,
  'LogoutIcon',
);
