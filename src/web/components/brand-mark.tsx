/**
 * The one Lanefreight mark, as in /favicon.svg, everywhere the brand shows (landing, sign-in, rates, dashboard).
 * Decorative: the visible app name beside it carries the meaning.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" fill="#0b3d91" />
      <path d="M8 9h4v11h8v3H8z" fill="#fff" />
      <path d="M17 9h8v3h-5v2.5h4v3h-4V20h-3z" fill="#f59e0b" />
    </svg>
  );
}
