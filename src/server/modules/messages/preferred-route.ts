/** Where an optional message about a delivery goes: the email, failing that WhatsApp, failing that SMS; null without any. */
export function preferredRouteOf(profile: { email?: string | null; whatsappNumber?: string | null; phone?: string | null }) {
  if (profile.email) return { channel: 'email' as const, recipient: profile.email };
  if (profile.whatsappNumber) return { channel: 'whatsapp' as const, recipient: profile.whatsappNumber };
  if (profile.phone) return { channel: 'sms' as const, recipient: profile.phone };
  return null;
}
