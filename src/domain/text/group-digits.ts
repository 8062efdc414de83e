/**
 * 12345 → "12,345", without Intl: the first toLocaleString or Intl.NumberFormat call of a page
 * loads the browser's locale data, which measured about 60 ms of main thread on this machine's
 * Chromium (four times that on Lighthouse's phone), for a number that never needs a locale.
 */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction] = Math.abs(value).toString().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
