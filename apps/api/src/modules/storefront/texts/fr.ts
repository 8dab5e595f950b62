import type { StorefrontTexts } from "./text-types.ts";

export const FR_TEXTS: StorefrontTexts = {
  siteName: "eSIM Store",
  skipToContent: "Aller au contenu",
  languageNav: "Langue",
  signIn: "Se connecter",
  breadcrumbLabel: "Fil d’Ariane",
  breadcrumbHome: "eSIM",
  footerDataOnly: "Forfaits eSIM data uniquement : ni appels ni SMS.",
  landing: {
    title: "Forfaits eSIM pour voyager – eSIM Store",
    description:
      "Comparez les forfaits de données eSIM prépayés de plus de 200 destinations, payez par carte CIB ou EDAHABIA et activez-les en quelques minutes.",
    keywords: "eSIM, voyage, forfait données, internet à l’étranger, Algérie, roaming, carte CIB, EDAHABIA",
    heading: "Internet partout où vous voyagez, avec une eSIM",
    intro: "Choisissez votre destination, comparez les forfaits et payez en dinars avec votre carte algérienne.",
    destinationCount: (countText) => `${countText} destinations`,
    lowestPrice: (price) => `Forfaits dès ${price}`,
    searchHeading: "Trouvez votre destination",
    searchLabel: "Pays ou région",
    searchPlaceholder: "ex. Turquie, Europe",
    searchButton: "Rechercher",
    searchResults: (count, query) =>
      `${count} ${count > 1 ? "destinations trouvées" : "destination trouvée"} pour « ${query} »`,
    searchNone: (query) => `Aucune destination ne correspond à « ${query} ».`,
    popularHeading: "Destinations populaires",
    regionsHeading: "Régions",
    allHeading: "Toutes les destinations",
    from: (price) => `dès ${price}`,
    countries: (count) => `${count} pays`,
    howHeading: "Comment ça marche",
    steps: [
      { title: "Achetez", text: "Choisissez un forfait et payez en ligne par carte algérienne." },
      {
        title: "Scannez",
        text: "Installez l’eSIM en scannant son code QR, le jour du départ ou avant, selon le forfait.",
      },
      { title: "Voyagez", text: "À l’arrivée, activez les données : vous êtes connecté, sans changer de carte SIM." },
    ],
    compatibilityHeading: "Votre téléphone est-il compatible ?",
    compatibilityText: "Les eSIM fonctionnent sur iPhone (iOS 12.1 ou plus) et Android (9.0 ou plus) compatibles eSIM.",
    compatibilityLink: "Vérifier la compatibilité",
    trustHeading: "Achetez en confiance",
    trustCards: "Paiement sécurisé par carte algérienne CIB ou EDAHABIA, en dinars.",
    trustSupport: "Support 24 h/24, 7 j/7.",
    trustRefund:
      "Remboursement sous 7 jours si le service échoue pour une raison technique ; une eSIM jamais installée peut être annulée dans les 24 heures suivant l’achat.",
  },
  destination: {
    title: (name, price) => `eSIM ${name} : forfaits de données dès ${price} – eSIM Store`,
    description: (name, price, planCount) =>
      `eSIM ${name} : ${planCount} forfaits de données dès ${price}. Comparez données, durée et prix par Go, payez par carte CIB ou EDAHABIA.`,
    keywords: (name) => `eSIM ${name}, forfait données ${name}, internet ${name}, voyage, roaming, Algérie`,
    heading: (name) => `eSIM ${name}`,
    intro: (name) => `eSIM ${name} : forfaits de données prépayés, installés en quelques minutes.`,
    durationLabel: "Durée",
    allDurations: "Toutes",
    currencyLabel: "Devise",
    currencyDzd: "Dinar (DA)",
    currencyUsd: "Dollar ($)",
    usdEstimate:
      "Les montants en dollars sont une estimation au taux du jour. Vous payez en dinars algériens au prix en DA.",
    plansHeading: "Forfaits",
    noPlans: "Aucun forfait pour cette durée. Choisissez-en une autre.",
    validity: (text) => `Validité : ${text}`,
    pricePerGb: (price) => `${price} par Go`,
    compareAt: "au lieu de",
    bestValue: "Meilleur rapport qualité-prix",
    bestValueRule: "Meilleur rapport qualité-prix : le prix par Go le plus bas parmi les forfaits affichés.",
    topUpYes: "Recharge possible",
    topUpNo: "Sans recharge",
    hotspotYes: "Partage de connexion autorisé",
    hotspotNo: "Sans partage de connexion",
    fairUse: (highSpeed, slowSpeed) =>
      `Utilisation raisonnable : haut débit jusqu’à ${highSpeed} par jour, puis ${slowSpeed} jusqu’au lendemain.`,
    speedKbps: (value) => `${value} kbit/s`,
    speedMbps: (value) => `${value} Mbit/s`,
    fairUseGeneric: "Utilisation raisonnable : le débit peut être réduit après une forte consommation.",
    choose: "Choisir ce forfait",
    chooseHint: "Vous vous connectez ou créez un compte au moment du paiement.",
    coverageHeading: (count) => (count > 1 ? `Couverture : ${count} pays` : "Couverture et réseaux"),
    networksLabel: "Réseaux",
    regionalHeading: "Vous visitez plusieurs pays ?",
    regionalSuggestion: ({ region, plan, regionPrice, otherCountry, twoCountriesPrice }) =>
      `Le forfait ${region} ${plan} coûte ${regionPrice}, moins que deux forfaits pays (par exemple ici et ${otherCountry} : ${twoCountriesPrice}).`,
    regionalLink: (region) => `Voir les forfaits ${region}`,
    validityDepends: "Cela dépend du forfait, comme l’indique chaque carte.",
    faqHeading: "Questions fréquentes",
    faq: (name, validity) => [
      {
        question: `Comment fonctionne l’eSIM ${name} ?`,
        answer:
          "Une eSIM est une carte SIM numérique : vous l’installez en scannant un code QR, sans carte physique. Votre numéro habituel reste dans le téléphone.",
      },
      {
        question: "Quand la validité commence-t-elle ?",
        answer: validity,
      },
      {
        question: "Puis-je appeler ou envoyer des SMS ?",
        answer:
          "Non : ce sont des forfaits de données uniquement. Utilisez WhatsApp ou une autre application pour appeler.",
      },
      {
        question: "Puis-je recharger mon forfait ?",
        answer:
          "Oui pour les forfaits marqués « Recharge possible » : vous ajoutez des données à la même eSIM depuis votre compte.",
      },
      {
        question: "Et si l’eSIM ne fonctionne pas ?",
        answer:
          "Notre support répond 24 h/24, 7 j/7. Si le service échoue pour une raison technique, vous êtes remboursé sous 7 jours ; une eSIM jamais installée peut être annulée dans les 24 heures.",
      },
    ],
  },
  notFound: {
    title: "Page introuvable – eSIM Store",
    heading: "Cette destination est introuvable",
    text: "Elle n’existe pas ou n’a plus de forfait en vente.",
    back: "Voir toutes les destinations",
  },
  unavailable: {
    title: "Boutique momentanément indisponible – eSIM Store",
    heading: "La boutique est momentanément indisponible",
    text: "Nous ne pouvons pas afficher les forfaits pour le moment. Réessayez dans quelques instants : rien n’est perdu.",
    retry: "Réessayer",
    footerLine: "Forfaits eSIM de données pour voyager sereinement",
  },
};
