/**
 * Button-looking links for the landing page. Plain class strings rather than cn()/tailwind-merge,
 * which would add several kilobytes to the smallest and most visited bundle.
 */
const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2';

export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
export const primaryLink = `${BASE} focus-visible:outline-ring bg-primary text-primary-foreground hover:opacity-90`;
export const outlineLink = `${BASE} focus-visible:outline-ring border border-input bg-background text-foreground hover:bg-muted`;
/** For dark bands (partner section, footer call to action), where the blue focus ring would be too faint. */
export const amberLinkOnDark = `${BASE} focus-visible:outline-amber-300 bg-brand-amber text-slate-950 hover:bg-amber-400`;
export const ghostLinkOnDark = `${BASE} focus-visible:outline-amber-300 border border-slate-500 text-white hover:bg-white/10`;
