// The public pages (decision 070): React components rendered to HTML by the API, from the app's shared components.

export { type CoverageCountry, DestinationMain, type DestinationView } from "./storefront/destination.tsx";
export type { PageFrame, PageHead } from "./storefront/document.tsx";
export { DESTINATION_FAQ_IDS, destinationFaq, type FaqEntry } from "./storefront/faq.ts";
export { LandingMain, type LandingView, type LinkedDestination } from "./storefront/landing.tsx";
export { LegalMain } from "./storefront/legal.tsx";
export { NoticeMain } from "./storefront/notice.tsx";
export { isConfirmingPayment, PayLinkMain, PayLinkNoticeMain, type PayLinkView } from "./storefront/pay-link.tsx";
export { type PromoCheck, PromoNotice } from "./storefront/promo-notice.tsx";
export { renderNoScriptNotice, renderStorefrontPage } from "./storefront/render.tsx";
