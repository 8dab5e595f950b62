import { validityAdvice } from "@esim/shared/catalog/validity-start";
import type { Faq } from "./faq-types.ts";

export const faq: Faq = [
  {
    id: "install",
    title: "Installer votre eSIM",
    entries: [
      {
        id: "install-how",
        question: "Comment installer mon eSIM ?",
        answer: [
          "Ouvrez Mes eSIM, choisissez l’eSIM et appuyez sur « Afficher les codes d’installation » (votre PIN les protège). Sur un iPhone avec iOS 17.4 ou plus récent, un seul appui l’installe ; sinon scannez le QR code, ou saisissez à la main l’adresse SM-DP+ et le code d’activation.",
          "Le guide d’installation montre chaque étape sur iPhone et sur Android.",
        ],
        links: [{ to: "/guide/installation", label: "Guide d’installation" }],
      },
      {
        id: "install-before-leaving",
        question: "Quand installer mon eSIM ?",
        answer: [
          "Cela dépend de votre forfait : chaque forfait le dit, dans la boutique comme sur sa page dans Mes eSIM.",
          validityAdvice({ validityStart: "installation", validityDays: 1 }, "fr").sentence,
          validityAdvice({ validityStart: "first_connection", validityDays: 1 }, "fr").sentence,
          "Dans les deux cas, connecté au Wi-Fi (l’installation a besoin d’internet), et avant la date « À installer avant le » affichée dans Mes eSIM.",
        ],
      },
      {
        id: "install-compatible",
        question: "Mon téléphone est-il compatible ?",
        answer: [
          "Votre téléphone doit accepter l’eSIM et ne pas être bloqué par un opérateur, avec iOS 12.1 ou plus récent, ou Android 9.0 ou plus récent. Composez *#06# : un téléphone doté d’une eSIM affiche son EID, un numéro de 32 chiffres.",
        ],
        links: [{ to: "/compatibility", label: "Vérifier mon téléphone" }],
      },
      {
        id: "install-once",
        question: "Puis-je réinstaller la même eSIM, ou sur un autre téléphone ?",
        answer: [
          "Non : les codes d’installation ne servent qu’une fois. Installez l’eSIM sur le téléphone avec lequel vous voyagez, et ne la supprimez pas si vous pensez la recharger. Supprimée par erreur ? Contactez le support.",
        ],
      },
    ],
  },
  {
    id: "activation",
    title: "Activation et connexion",
    entries: [
      {
        id: "activation-start",
        question: "Quand mon forfait commence-t-il ?",
        answer: [
          "Jamais à l’achat. Selon le forfait, sa validité démarre à l’installation de l’eSIM ou à sa première connexion à un réseau de votre destination, comme chaque forfait l’indique.",
          "Tant qu’elle n’a pas démarré, votre eSIM n’a pas de date de fin : sa page dans Mes eSIM dit combien de jours elle durera et la date « À installer avant le ».",
        ],
      },
      {
        id: "activation-settings",
        question: "Quels réglages changer à mon arrivée ?",
        answer: [
          "Activez la ligne eSIM, choisissez-la pour les données mobiles et activez l’itinérance des données pour cette ligne. Vous pouvez garder votre SIM habituelle pour les appels, avec sa propre itinérance des données désactivée pour éviter les frais de votre opérateur.",
        ],
        links: [{ to: "/guide/activation", label: "Guide d’activation" }],
      },
      {
        id: "activation-no-connection",
        question: "Je n’ai pas de connexion à destination. Que faire ?",
        answer: [
          "Vérifiez que l’itinérance des données est activée pour l’eSIM et que l’eSIM est choisie pour les données mobiles. Activez puis désactivez le mode avion, ou redémarrez le téléphone. Si la connexion ne vient toujours pas, choisissez un réseau à la main dans les réglages du réseau mobile.",
          "Toujours rien ? Sur la page de l’eSIM, touchez « Ça ne marche pas » : l’application vérifie les réglages avec vous, puis dépose une réclamation à laquelle nous répondons dans l’application.",
        ],
        links: [{ to: "/guide/activation", label: "Guide d’activation" }],
      },
      {
        id: "activation-calls",
        question: "Puis-je appeler ou envoyer des SMS ?",
        answer: [
          "Non, nos forfaits sont uniquement des données. Appelez et écrivez avec des applications internet comme WhatsApp, Telegram ou FaceTime.",
        ],
      },
    ],
  },
  {
    id: "usage",
    title: "Consommation de données",
    entries: [
      {
        id: "usage-lag",
        question: "Pourquoi ma consommation n’est-elle pas à jour ?",
        answer: [
          "Le réseau nous transmet la consommation avec un décalage qui peut atteindre quelques heures. Mes eSIM affiche le dernier chiffre reçu : votre consommation réelle peut donc être un peu plus élevée.",
        ],
      },
      {
        id: "usage-alerts",
        question: "Serai-je prévenu avant d’épuiser mes données ?",
        answer: [
          "Oui : nous vous envoyons un e-mail quand 80 % des données sont consommées, et quand le forfait se termine dans moins d’un jour.",
        ],
      },
      {
        id: "usage-run-out",
        question: "Que se passe-t-il quand mes données sont épuisées ou mon forfait terminé ?",
        answer: [
          "La connexion s’arrête. Si le forfait le permet, rechargez-le depuis sa page dans Mes eSIM : les données s’ajoutent à la même eSIM.",
        ],
      },
    ],
  },
  {
    id: "topUp",
    title: "Recharges",
    entries: [
      {
        id: "topup-how",
        question: "Comment recharger mon eSIM ?",
        answer: [
          "Ouvrez Mes eSIM, choisissez l’eSIM et prenez une offre sous « Recharger cette eSIM », puis payez comme pour un achat. Aucune offre affichée ? Ce forfait ne se recharge pas : achetez plutôt une nouvelle eSIM.",
        ],
        links: [{ to: "/esims", label: "Mes eSIM" }],
      },
      {
        id: "topup-reinstall",
        question: "Faut-il réinstaller quelque chose après une recharge ?",
        answer: [
          "Non. La recharge s’ajoute à l’eSIM déjà présente sur votre téléphone. Ne supprimez pas cette eSIM de votre téléphone, sinon la recharge ne pourra pas servir.",
        ],
      },
    ],
  },
  {
    id: "payment",
    title: "Paiement",
    entries: [
      {
        id: "payment-methods",
        question: "Comment puis-je payer ?",
        answer: [
          "Par carte CIB ou EDAHABIA, ou avec le portefeuille de l’application Chargily, via notre prestataire de paiement algérien ; par Visa / MasterCard quand la page de récapitulatif le propose.",
          "Le paiement est débité en dinars algériens (DA). Un prix en dollars est indiqué à titre d’information : le récapitulatif donne le montant débité en DA.",
        ],
      },
      {
        id: "payment-card-abroad",
        question: "Puis-je payer avec une carte émise à l’étranger ?",
        answer: [
          "Oui quand Visa / MasterCard figure parmi les moyens de paiement du récapitulatif. Sinon, seules les cartes algériennes (CIB, EDAHABIA) et le portefeuille Chargily sont acceptés pour le moment. Le montant est débité en DA : votre banque peut ajouter ses propres frais de conversion.",
        ],
      },
      {
        id: "payment-processing",
        question: "Mon paiement est « toujours en cours de traitement ». Que faire ?",
        answer: [
          "Ne payez pas une deuxième fois. Certains paiements mettent quelques minutes à être confirmés : la page de paiement se met à jour d’elle-même, et vous pouvez suivre la commande dans Mes commandes.",
          "Un paiement qui n’aboutit jamais est abandonné après un jour. Si votre compte a été débité et que la commande n’est toujours pas confirmée quelques heures plus tard, contactez le support avec votre numéro de commande.",
        ],
        links: [{ to: "/orders", label: "Mes commandes" }],
      },
      {
        id: "payment-invoice",
        question: "Où trouver ma facture ?",
        answer: [
          "Chaque commande payée a sa facture PDF : téléchargez-la depuis Mes commandes et factures, ou depuis la page de la commande.",
        ],
        links: [{ to: "/orders", label: "Mes commandes et factures" }],
      },
    ],
  },
  {
    id: "refunds",
    title: "Remboursement et annulation",
    entries: [
      {
        id: "refund-policy",
        question: "Puis-je être remboursé ?",
        answer: [
          "Oui, dans les 7 jours suivant l’achat, si le service ne fonctionne pas pour une raison technique (par exemple l’eSIM ne se connecte pas malgré les bons réglages) et que le support ne peut pas résoudre le problème. Ouvrez l’eSIM dans Mes eSIM et touchez « Ça ne marche pas » : l’application vérifie avec vous les réglages du téléphone, puis dépose une réclamation que vous suivez dans l’application (reçue, répondue, remboursée en crédit ou par virement, ou refusée avec le motif). Nous la réglons sous 7 jours.",
          "Un changement de projet de voyage n’est pas une panne technique : voyez plutôt l’annulation d’une eSIM non utilisée ci-dessous.",
        ],
      },
      {
        id: "cancel-unused",
        question: "Puis-je annuler une eSIM que je n’ai pas utilisée ?",
        answer: [
          "Oui, dans les 24 heures suivant l’achat, tant que l’eSIM n’a jamais été installée ni rechargée. Ouvrez-la dans Mes eSIM et appuyez sur « Demander l’annulation », ou contactez le support.",
          "Notre équipe examine la demande et vous répond par e-mail. Une fois la demande acceptée, l’eSIM ne fonctionne plus et vous êtes remboursé.",
        ],
        links: [{ to: "/esims", label: "Mes eSIM" }],
      },
    ],
  },
  {
    id: "account",
    title: "Compte et support",
    entries: [
      {
        id: "pin",
        question: "À quoi sert mon PIN, et si je l’oublie ?",
        answer: [
          "Votre PIN à 4 chiffres protège les codes d’installation de toutes vos eSIM. Oublié ? Appuyez sur « Oublié » sur le clavier du PIN et suivez les étapes. Après trop d’essais erronés, le PIN est bloqué : contactez le support.",
        ],
      },
      {
        id: "support-contact",
        question: "Comment joindre le support ?",
        answer: [
          "Sur WhatsApp, par le chat en direct depuis le bouton d’assistance, ou par e-mail : les trois sont ci-dessous, avec les horaires où une personne répond (à l’heure algérienne et à la vôtre). Écrivez à tout moment ; indiquez votre numéro de commande pour une aide plus rapide. Depuis une eSIM ou un paiement échoué, le bouton WhatsApp écrit le numéro de commande pour vous.",
        ],
      },
    ],
  },
];
