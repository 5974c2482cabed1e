import { LandingPage } from '@/web/features/landing/components/landing-page';

export const Component = LandingPage;
