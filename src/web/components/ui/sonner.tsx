import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/web/lib/theme';

/** Below the dashboard's sticky top bar (4 rem high), so a toast never covers who is signed in or the menu. */
const BELOW_TOP_BAR = { top: '4.5rem' };

/** Toasts close after about 4.5 s, as the spec's 4000–5000 ms. */
export function Toaster(props: ToasterProps) {
  const { theme } = useTheme();
  return (
    <Sonner theme={theme} richColors closeButton duration={4500} position="top-right" offset={BELOW_TOP_BAR} mobileOffset={BELOW_TOP_BAR} {...props} />
  );
}
