// Every page's frame, the same on the public pages and in the app: skip link, brand, language picker, footer.
export { Brand } from "./layout/brand.tsx";
export { LANGUAGE_NAMES, LanguagePicker } from "./layout/language-picker.tsx";
export {
  type CatalogueFigures,
  HeroMarketingLine,
  legalPath,
  MarketingLine,
  SiteFooter,
} from "./layout/site-footer.tsx";
export { MAIN_CONTENT_ID, SkipLink } from "./layout/skip-link.tsx";
