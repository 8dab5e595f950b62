import { TERMS_VERSION } from "@esim/shared/checkout/contracts";
import type { LegalPage } from "@esim/shared/legal-pages";
import type { Language } from "@esim/shared/locale";
import { arabicLegalDocuments } from "./content/ar.ts";
import { englishLegalDocuments } from "./content/en.ts";
import { frenchLegalDocuments } from "./content/fr.ts";
import { LEGAL_FACTS, type LegalContent, type LegalDocument, type SellerIdentity } from "./legal-facts.ts";

// The three documents an Algerian online shop publishes (law 18-05 on e-commerce, law 18-07 on personal data); their
// names and addresses (legalPagePath) are in packages/shared, which the checkout links without this long text.
export { LEGAL_PAGES, type LegalPage, legalPagePath } from "@esim/shared/legal-pages";

export {
  LEGAL_FACTS,
  type LegalContent,
  type LegalDocument,
  type LegalFacts,
  type SellerIdentity,
} from "./legal-facts.ts";

// One content file per language (like the guides and the FAQ): long prose, one copy each, reviewed as a whole.
const CONTENT: Record<Language, LegalContent> = {
  fr: frenchLegalDocuments,
  en: englishLegalDocuments,
  ar: arabicLegalDocuments,
};

/**
 * A legal page in a language. `seller` is the identity set for invoices; null while none is set, and the documents
 * then say so rather than show made-up details.
 */
export function legalDocument(page: LegalPage, language: Language, seller: SellerIdentity | null): LegalDocument {
  return { ...CONTENT[language](LEGAL_FACTS, seller)[page], updatedOn: TERMS_VERSION };
}
