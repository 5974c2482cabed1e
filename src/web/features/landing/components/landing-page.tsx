import { SiteHeader } from './site-header';
import { HeroSection } from './hero-section';
import { ClientsStrip } from './clients-strip';
import { AboutSection } from './about-section';
import { ServicesCarousel } from './services-carousel';
import { WhyChooseSection } from './why-choose-section';
import { PartnerNetworkSection } from './partner-network-section';
import { SiteFooter } from './site-footer';

/**
 * The public landing page. It is prerendered to static HTML at build time, so nothing here may touch
 * browser APIs during render: window and document are used only inside effects and event handlers.
 */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <HeroSection />
        <ClientsStrip />
        <AboutSection />
        <ServicesCarousel />
        <WhyChooseSection />
        <PartnerNetworkSection />
      </main>
      <SiteFooter />
    </div>
  );
}
