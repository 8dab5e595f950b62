import { formatNumber } from "@esim/shared/format";
import type { LegalContent, SellerIdentity } from "../legal-facts.ts";

const NOT_SET = "non renseigné";

function sellerLines(seller: SellerIdentity | null): string[] {
  if (!seller) {
    return [
      "L'identité légale du vendeur (raison sociale, adresse, NIF, RC, NIS) n'est pas encore renseignée. Elle figurera ici et sur chaque facture dès qu'elle le sera ; en attendant, le service client répond depuis le bouton d'aide de l'application.",
    ];
  }
  return [
    `Vendeur : ${seller.legalName}, ${seller.address}.`,
    `Numéro d'identification fiscale (NIF) : ${seller.nif || NOT_SET}. Registre du commerce (RC) : ${seller.rc || NOT_SET}. Numéro d'identification statistique (NIS) : ${seller.nis || NOT_SET}.`,
    `Contact : ${seller.email || NOT_SET}, téléphone ${seller.phone || NOT_SET}.`,
  ];
}

export const frenchLegalDocuments: LegalContent = (facts, seller) => {
  const hours = formatNumber(facts.cancellationWindowHours);
  const refundDays = formatNumber(facts.refundDays);
  return {
    terms: {
      title: "Conditions générales de vente",
      sections: [
        {
          heading: "Objet et vendeur",
          paragraphs: [
            "Ces conditions régissent la vente à distance, par ce site et ses applications, de forfaits de données mobiles prépayés livrés sous forme d'eSIM, conformément à la loi n° 18-05 du 10 mai 2018 relative au commerce électronique.",
            ...sellerLines(seller),
          ],
        },
        {
          heading: "L'offre",
          paragraphs: [
            "Chaque forfait est un forfait de données seules (ni appels ni SMS) pour une destination ou une région : sa page indique le volume de données, la durée de validité, le moment où la validité commence, les réseaux et la politique d'usage raisonnable.",
            "L'eSIM ne fonctionne que sur un téléphone compatible eSIM et non verrouillé sur un opérateur ; vérifiez la compatibilité avant l'achat (page « Compatibilité »).",
          ],
        },
        {
          heading: "Prix",
          paragraphs: [
            "Les prix sont indiqués en dinars algériens (DA), toutes taxes comprises (TTC). Un prix affiché en dollars américains est indicatif : le montant débité est toujours en dinars.",
            "Le récapitulatif de commande indique, avant le paiement, le prix total, les remises (code promo), le crédit utilisé et, le cas échéant, les frais du prestataire de paiement à la charge de l'acheteur.",
          ],
        },
        {
          heading: "Commande",
          paragraphs: [
            "La commande passe par trois étapes : la consultation des présentes conditions, la vérification du détail de la commande sur le récapitulatif, puis sa confirmation. Cocher la case d'acceptation des conditions générales de vente et de la politique de confidentialité est obligatoire ; la date de cette acceptation et la version acceptée sont enregistrées avec la commande.",
            "Le contrat est formé à la confirmation de la commande ; une confirmation et la facture sont envoyées par e-mail et restent disponibles dans l'application.",
          ],
        },
        {
          heading: "Paiement",
          paragraphs: [
            "Le paiement se fait en ligne par carte CIB ou EDAHABIA via la passerelle de paiement Chargily Pay, ou par le crédit d'achat du compte. Les données de carte sont saisies chez Chargily et ne nous sont jamais transmises.",
            "Le crédit d'achat est un solde en dinars attaché au compte (remboursement reçu en crédit, crédit offert par la boutique, crédit acheté). Il est utilisé en premier lors d'une commande, sauf si l'acheteur décoche cette option ; un crédit offert peut avoir une date d'expiration, indiquée dans l'historique du crédit.",
          ],
        },
        {
          heading: "Livraison",
          paragraphs: [
            "L'eSIM est livrée par voie électronique dès la confirmation du paiement : par e-mail (code QR et code d'installation) et dans l'application, rubrique « Mes eSIM ». Aucun envoi physique n'a lieu.",
            "Si l'eSIM ne peut pas être livrée, la commande est remboursée selon les règles ci-dessous.",
          ],
        },
        {
          heading: "Annulation",
          paragraphs: [
            `Une eSIM non utilisée (ni installée ni activée) peut être annulée dans les ${hours} heures qui suivent le paiement, sur demande au service client depuis l'application. Passé ce délai, ou une fois l'eSIM installée, elle ne peut plus être annulée.`,
          ],
        },
        {
          heading: "Remboursement",
          paragraphs: [
            `Si le service ne fonctionne pas pour une raison technique, l'acheteur est remboursé dans les ${refundDays} jours suivant le paiement, après vérification par le service client. Une annulation acceptée est remboursée dans le même délai.`,
            "Au choix de l'acheteur, le remboursement est fait par virement sur un compte bancaire ou CCP (RIB ou RIP) ou en crédit d'achat, utilisable aussitôt ; un avoir est émis pour la facture concernée.",
          ],
        },
        {
          heading: "Réclamations et droit applicable",
          paragraphs: [
            "Toute réclamation s'adresse au service client (bouton d'aide de l'application). Les présentes conditions sont soumises au droit algérien ; à défaut d'accord amiable, les juridictions algériennes compétentes sont saisies.",
          ],
        },
      ],
    },
    privacy: {
      title: "Politique de confidentialité",
      sections: [
        {
          heading: "Responsable du traitement",
          paragraphs: [
            "Vos données personnelles sont traitées conformément à la loi n° 18-07 du 10 juin 2018 relative à la protection des personnes physiques dans le traitement des données à caractère personnel.",
            ...sellerLines(seller),
          ],
        },
        {
          heading: "Données collectées et pourquoi",
          paragraphs: [
            "Compte : adresse e-mail, nom, pays, téléphone (facultatif), langue et devise préférées, pour vous identifier, vous livrer et vous écrire dans votre langue.",
            "Commandes et factures : forfaits achetés, montants, nom, e-mail, téléphone et pays de facturation, pour exécuter la vente et tenir la comptabilité.",
            "eSIM : identifiants de l'eSIM, code d'installation et consommation de données, pour l'installation et le suivi de votre forfait.",
            "Appareils : les sessions ouvertes (avec le navigateur ou le téléphone utilisé) et, dans l'application, le jeton de notification de l'appareil.",
            "Paiement : les données de carte sont traitées par Chargily Pay, jamais par nous ; nous ne recevons que le résultat du paiement.",
            "Remboursement : le compte bancaire ou CCP et le nom de son titulaire, si vous choisissez un virement.",
          ],
        },
        {
          heading: "Durées de conservation",
          paragraphs: [
            `Un code de connexion reçu par e-mail est valable ${formatNumber(facts.signInCodeMinutes)} minutes et effacé au plus tard ${formatNumber(facts.signInCodeKeptHours)} heures après ; une session sans usage expire après ${formatNumber(facts.sessionDays)} jours.`,
            `Le contenu d'un e-mail (dont le code QR d'installation) n'est gardé que jusqu'à son envoi ; un e-mail qui n'a pas pu partir est effacé après ${formatNumber(facts.unsentEmailKeptDays)} jours.`,
            "Le compte bancaire ou CCP donné pour un remboursement est effacé dès que le remboursement est entièrement versé.",
            "Les données du compte sont gardées tant que le compte existe.",
            `Les commandes et factures, avec les nom, e-mail, téléphone et pays de facturation qu'elles portent, sont conservées ${formatNumber(facts.accountingYears)} ans, comme la loi comptable l'exige.`,
          ],
        },
        {
          heading: "Suppression du compte",
          paragraphs: [
            `Vous pouvez supprimer votre compte depuis votre profil. Le profil est alors anonymisé et les sessions, appareils, codes de connexion et e-mails qui vous sont adressés sont effacés aussitôt ; les codes d'installation de vos eSIM le sont dans les ${formatNumber(facts.deletedAccountSweepMinutes)} minutes.`,
            `Restent, pour les obligations légales : les commandes et factures (${formatNumber(facts.accountingYears)} ans), l'usage des codes promo rattaché à l'identifiant du compte, et les compteurs de demandes de code par adresse e-mail jusqu'à la fin de leur fenêtre (${formatNumber(facts.signInCounterHours)} heure).`,
          ],
        },
        {
          heading: "Destinataires",
          paragraphs: [
            "Vos données ne sont ni vendues ni louées. Elles ne sont transmises qu'aux prestataires nécessaires au service : le fournisseur des eSIM, le prestataire de paiement Chargily Pay, le service d'envoi d'e-mails et le fournisseur de la messagerie d'assistance, chargé lorsque vous ouvrez le chat.",
          ],
        },
        {
          heading: "Stockage sur votre appareil",
          paragraphs: [
            "L'application garde sur votre appareil votre session, votre langue, vos préférences et un éventuel code promo. Un seul cookie, LANG, retient la langue choisie pour afficher la page de connexion dans cette langue. Aucun cookie publicitaire ni de mesure d'audience n'est utilisé.",
          ],
        },
        {
          heading: "Vos droits",
          paragraphs: [
            "Vous disposez d'un droit d'information, d'accès, de rectification et d'opposition sur vos données (loi n° 18-07). Vous pouvez modifier votre profil dans l'application et exercer ces droits auprès du service client. Vous pouvez aussi saisir l'Autorité nationale de protection des données à caractère personnel (ANPDP).",
          ],
        },
      ],
    },
    "legal-notice": {
      title: "Mentions légales",
      sections: [
        { heading: "Éditeur du site", paragraphs: sellerLines(seller) },
        {
          heading: "Activité",
          paragraphs: [
            "Vente en ligne de forfaits de données mobiles prépayés (eSIM) pour les voyageurs, exercée dans le cadre de la loi n° 18-05 relative au commerce électronique.",
          ],
        },
        {
          heading: "Propriété intellectuelle",
          paragraphs: [
            "Les textes, illustrations et logiciels de ce site et de ses applications sont protégés ; toute reproduction sans autorisation est interdite. Les marques des opérateurs et des fabricants citées appartiennent à leurs titulaires.",
          ],
        },
        {
          heading: "Données personnelles",
          paragraphs: [
            "Le traitement de vos données est décrit dans la politique de confidentialité ; les conditions de vente dans les conditions générales de vente.",
          ],
        },
      ],
    },
  };
};
