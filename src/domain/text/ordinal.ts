/**
 * Spec §5's ordinal suffix rule: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 111th.
 * The teens (the last two digits 11–13) take "th"; otherwise the last digit decides.
 */
export function ordinalSuffix(value: number): 'st' | 'nd' | 'rd' | 'th' {
  const whole = Math.abs(Math.trunc(value));
  const lastTwo = whole % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return 'th';
  switch (whole % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
    default:
      return 'th';
  }
}

/** 1 → "1st", 22 → "22nd", 113 → "113th". Non-integers and non-finite numbers are shown as they are. */
export function ordinal(value: number): string {
  if (!Number.isFinite(value) || !Number.isInteger(value)) return String(value);
  return `${value}${ordinalSuffix(value)}`;
}
