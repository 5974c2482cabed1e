import * as FLAGS from '../data/flags';
import { cn } from '@/web/lib/cn';

const FLAG_SVGS: Record<string, string> = FLAGS;

/** A bundled SVG flag as a data URL: no request leaves the site. Decorative; the name sits beside it. */
export function CountryFlag({ code, className }: { code: string; className?: string }) {
  const svg = FLAG_SVGS[code];
  if (!svg)
    return <span className={cn('inline-block h-3 w-[18px] rounded-[2px] bg-muted', className)} aria-hidden="true" />;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt=""
      width={18}
      height={12}
      className={cn('h-3 w-[18px] shrink-0 rounded-[2px] object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.08)]', className)}
    />
  );
}
