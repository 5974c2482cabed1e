import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from './icons';
import { useTheme } from '@/web/lib/theme';
import { focusRing } from './link-styles';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={t(isDark ? 'landing.header.themeToLight' : 'landing.header.themeToDark')}
      className={`inline-flex size-10 items-center justify-center rounded-lg border border-input bg-background text-foreground hover:bg-muted ${focusRing}`}
    >
      {isDark ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
    </button>
  );
}
