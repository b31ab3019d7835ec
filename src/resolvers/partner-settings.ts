import type { PartnerSettingsResolvers } from '../generated/graphql.js';

/** A9's answer, the partner record (2.5). */
export const PartnerSettings: PartnerSettingsResolvers = {
  webhookUrl: (partner) => partner.webhook_url ?? null,
  redirectUrl: (partner) => partner.partner_redirect_url ?? null,
  brandName: (partner) => partner.brand_name ?? null,
  logoUrl: (partner) => partner.logo_url ?? null,
  onboardingDeeplinkAddParams: (partner) => partner.onboarding_deeplink_add_params ?? null,
  paymentPlan: (partner) => partner.payment_plan ?? null,
  paymentRequired: (partner) => partner.payment_required ?? null,
  partner: (partner) => ({ id: partner.id }),
};
