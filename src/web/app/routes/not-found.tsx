import { NotFound } from '@/web/components/errors/not-found';

/** An unknown top-level path; lazy like every screen, so the landing page does not carry it. */
export const Component = NotFound;
