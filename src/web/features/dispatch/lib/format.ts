/** The board's times are Lagos time, as every instant the app shows. */
export { formatDateTime } from '@/web/lib/lagos-time';
