import type { SVGProps } from 'react';

/**
 * Small inline icons for the habit loop. Inline SVG rather than emoji: emoji depend on the
 * learner's system fonts (and render as empty boxes without them); these follow currentColor.
 */
type IconProps = SVGProps<SVGSVGElement> & { size?: number | string };

function Icon({ size = '1em', children, style, ...rest }: IconProps & { children: React.ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" style={{ display: 'inline-block', verticalAlign: '-0.125em', ...style }} {...rest}>
      {children}
    </svg>
  );
}

export function FlameIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <defs>
        <linearGradient id="ct-flame" x1="0" y1="1" x2="0" y2="0">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="1" stopColor="#facc15" />
        </linearGradient>
      </defs>
      <path
        fill="url(#ct-flame)"
        d="M12 2c.6 3.1-1 5-2.6 6.8C7.9 10.4 6.5 12 6.5 14.6A5.5 5.5 0 0 0 12 20.5a5.5 5.5 0 0 0 5.5-5.6c0-2.2-1-4-2.3-5.3-.3 1.4-1 2.5-2.2 3 .6-3.6-.2-7.8-1-10.6Z"
      />
      <path fill="#fff7ed" d="M12 20.5a3 3 0 0 1-3-3c0-1.7 1.3-2.6 2.2-3.8.3 1 .9 1.6 1.7 1.9.2-.6.2-1.3.1-2 1.2 1 2 2.3 2 3.9a3 3 0 0 1-3 3Z" />
    </Icon>
  );
}

export function BoltIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path fill="#eab308" d="M13.5 2 4.5 13.5H11L10 22l9.5-12H13l.5-8Z" />
    </Icon>
  );
}

export function SnowflakeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <g fill="none" stroke="#38bdf8" strokeWidth="2" strokeLinecap="round">
        <path d="M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7" />
        <path d="m9 4 3 2 3-2M9 20l3-2 3 2M4.5 10.2l3.1-.6-1-3M19.5 13.8l-3.1.6 1 3M4.5 13.8l3.1.6-1 3M19.5 10.2l-3.1-.6 1-3" />
      </g>
    </Icon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <rect x="5" y="11" width="14" height="10" rx="2" />
        <path d="M8 11V8a4 4 0 0 1 8 0v3" />
      </g>
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function PlayIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path fill="currentColor" d="M8 5.5v13a1 1 0 0 0 1.5.9l10-6.5a1 1 0 0 0 0-1.7l-10-6.5A1 1 0 0 0 8 5.5Z" />
    </Icon>
  );
}

export function TrophyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path fill="#eab308" d="M7 3h10v5a5 5 0 0 1-10 0V3Z" />
      <path fill="none" stroke="#eab308" strokeWidth="2" d="M7 5H4v1.5A3.5 3.5 0 0 0 7.5 10M17 5h3v1.5a3.5 3.5 0 0 1-3.5 3.5" />
      <path fill="#ca8a04" d="M10.5 13h3v4h-3zM7.5 18h9v3h-9z" />
    </Icon>
  );
}

export function ToolsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.3-.6-.6-2.3 2.4-2.6Z" />
    </Icon>
  );
}

/** Outline icons for the navigation (they follow currentColor, so they work in both themes). */
function OutlineIcon({ d, ...props }: IconProps & { d: string }) {
  return (
    <Icon {...props}>
      <path fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" d={d} />
    </Icon>
  );
}

export function BookIcon(props: IconProps) {
  return <OutlineIcon {...props} d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15ZM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5M8 7.5h8" />;
}

export function PodiumIcon(props: IconProps) {
  return <OutlineIcon {...props} d="M9 21V8h6v13M3 21v-8h6M15 21v-5h6v5M2 21h20" />;
}

export function ChartIcon(props: IconProps) {
  return <OutlineIcon {...props} d="M4 20V10M10 20V4M16 20v-7M22 20H2" />;
}

export function UserIcon(props: IconProps) {
  return <OutlineIcon {...props} d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9ZM3.5 21a8.5 8.5 0 0 1 17 0" />;
}

export function GearIcon(props: IconProps) {
  return (
    <OutlineIcon
      {...props}
      d="M12 15.5a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z"
    />
  );
}
