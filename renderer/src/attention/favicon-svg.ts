/** The app mark: an "H" on the accent square (same drawing as public/favicon.svg). */
const MARK =
  '<rect x="2" y="2" width="60" height="60" rx="14" fill="#2563eb"/>' +
  '<path d="M20 16v32M44 16v32M20 32h24" stroke="#fff" stroke-width="8" stroke-linecap="round" fill="none"/>';

/** The count as drawn on the badge: up to 99, then "99+". */
export function badgeLabel(count: number): string {
  return count > 99 ? '99+' : String(Math.max(0, Math.floor(count)));
}

/** The favicon as SVG: the mark, with a red badge holding the pending count when above zero. */
export function faviconSvg(count: number): string {
  const label = badgeLabel(count);
  const badge =
    count > 0
      ? `<circle cx="44" cy="20" r="20" fill="#dc2626" stroke="#fff" stroke-width="3"/>` +
        `<text x="44" y="20" dy="0.36em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" ` +
        `font-weight="700" font-size="${label.length > 2 ? 15 : label.length > 1 ? 21 : 26}" fill="#fff">${label}</text>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${MARK}${badge}</svg>`;
}

/** The favicon as a data: URL (allowed by the CSP's img-src), ready for `<link rel="icon">`. */
export function faviconDataUrl(count: number): string {
  return `data:image/svg+xml,${encodeURIComponent(faviconSvg(count))}`;
}
