import { useCallback, useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '@/shared/theme-init';

export type Theme = 'light' | 'dark';

function readTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode: the theme still applies for this visit.
  }
  listeners.forEach((notify) => notify());
}

/** The theme lives on <html class="dark">, set before paint by the inline THEME_INIT_SCRIPT (shared/theme-init.ts). */
export function useTheme() {
  const theme = useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    readTheme,
    () => 'light' as Theme,
  );
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [theme]);
  return { theme, toggleTheme };
}
