// The catalogue's components, the same on the public pages (rendered by the API) and in the signed-in app.
export { CartLink, cartHref, PRIMARY_LINK_CLASSES } from "./catalog/cart-link.tsx";
export { DestinationCard } from "./catalog/destination-card.tsx";
export { DurationFilter, FilterLinks, type FilterOption } from "./catalog/filter-links.tsx";
export { bestNetworkType, fairUseText, PlanBadges, PlanCard, PlanPrice } from "./catalog/plan-card.tsx";
export { RegionalSuggestion, type RegionalSuggestionView } from "./catalog/regional-suggestion.tsx";
