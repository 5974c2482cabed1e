import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useTheme } from '@/web/lib/theme';

/** Toasts close after about 4.5 s, as the spec's 4000–5000 ms. */
export function Toaster(props: ToasterProps) {
  const { theme } = useTheme();
  return <Sonner theme={theme} richColors closeButton duration={4500} position="top-right" {...props} />;
}
