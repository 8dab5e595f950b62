import { validityAdvice } from "@esim/shared/catalog/validity-start";
import type { GuideContent } from "./types.ts";

const IOS_ADD_ESIM = ["Réglages", "Données cellulaires", "Ajouter une eSIM", "Utiliser un code QR"] as const;
const SAMSUNG_ADD_ESIM = ["Paramètres", "Connexions", "Gestionnaire de cartes SIM", "Ajouter une eSIM"] as const;
const PIXEL_ADD_ESIM = ["Paramètres", "Réseau et Internet", "SIM", "Ajouter une SIM"] as const;

export const fr: GuideContent = {
  hub: {
    intro: "Tout ce qu’il faut pour que votre eSIM marche à l’arrivée, étape par étape, sur iPhone et sur Android.",
    installation:
      "Le jour du départ ou avant, selon le forfait, connecté au Wi-Fi : installer l’eSIM en un geste, avec le QR code ou en saisissant le code.",
    activation:
      "À l’arrivée : allumer la ligne eSIM, l’itinérance sur cette ligne seulement, l’APN, et que faire sans réseau.",
    moreHelp: "Votre téléphone accepte-t-il les eSIM ? Une question ? Nous sommes là.",
    offline: "Ces guides restent lisibles sans connexion sur ce téléphone une fois ouverts.",
  },
  installation: {
    intro:
      // When to install follows the plan (decision 050): both rules, each plan saying which is its own.
      `Quand l’installer dépend de votre forfait, comme sa page dans Mes eSIM l’indique. ${validityAdvice({ validityStart: "installation", validityDays: 1 }, "fr").sentence} ${validityAdvice({ validityStart: "first_connection", validityDays: 1 }, "fr").sentence} Elle s’installe en quelques minutes, en Wi-Fi, et ne sert qu’à destination.`,
    beforeYouStart: {
      title: "Avant de commencer",
      items: [
        "Connectez-vous au Wi-Fi : le téléphone télécharge l’eSIM pendant l’installation.",
        "Votre téléphone doit accepter les eSIM et être désimlocké (non bloqué par un opérateur).",
        "Les codes d’installation ne servent qu’une fois : installez l’eSIM sur le téléphone du voyage.",
        "Ne supprimez jamais l’eSIM de votre téléphone : elle ne se réinstalle pas, et une recharge s’ajoute à la même eSIM.",
      ],
    },
    androidBrands:
      "Les menus Android diffèrent selon la marque : chaque étape donne le chemin Samsung et le chemin Pixel. Les autres téléphones (Xiaomi, Oppo, Motorola…) ressemblent le plus souvent au Pixel ; sinon, tapez « eSIM » dans la recherche des Paramètres.",
    iphone: {
      oneTap: {
        title: "Installation en un geste",
        intro: "Le plus simple, directement sur l’iPhone du voyage.",
        steps: [
          { text: "Sur l’iPhone, ouvrez Mes eSIM, puis votre eSIM." },
          { text: "Touchez « Afficher les codes d’installation » et saisissez votre code PIN." },
          { text: "Touchez « Installer l’eSIM » : l’écran d’Apple s’ouvre. Touchez Continuer et attendez la fin." },
        ],
        note: "Demande iOS 17.4 ou plus récent (Réglages › Général › Informations). Sinon, utilisez le QR code ou la saisie manuelle.",
      },
      qrOtherScreen: {
        title: "QR code affiché sur un autre écran",
        intro:
          "Affichez le QR code sur un ordinateur, une tablette ou un autre téléphone, et scannez-le avec l’iPhone.",
        steps: [
          { text: "Sur l’autre écran, ouvrez votre eSIM et touchez « Afficher les codes d’installation »." },
          { text: "Sur l’iPhone, ouvrez :", path: IOS_ADD_ESIM },
          { text: "Cadrez le QR code, puis touchez Continuer et attendez la fin de l’installation." },
        ],
        note: "Vous pouvez aussi viser le QR code avec l’appareil photo de l’iPhone et toucher le message « Forfait cellulaire ».",
      },
      qrSavedImage: {
        title: "QR code enregistré en image",
        intro:
          "Seul avec l’iPhone ? Enregistrez le QR code (bouton « Télécharger le QR code » ou capture d’écran), puis lisez-le depuis la photo.",
        steps: [
          { text: "Ouvrez l’écran de scan :", path: IOS_ADD_ESIM },
          { text: "Touchez « Ouvrir Photos » sous le cadre, puis choisissez l’image du QR code." },
          {
            text: "Autre façon : dans Photos, restez appuyé sur le QR code de l’image, puis touchez « Ajouter l’eSIM ».",
          },
        ],
        note: "Demande iOS 17.2 ou plus récent. Sinon, affichez le QR code sur un autre écran ou saisissez les codes.",
      },
      manual: {
        title: "Saisie manuelle",
        intro: "Sans appareil photo ni QR code : copiez les deux codes de la page de votre eSIM, l’un après l’autre.",
        steps: [
          { text: "Ouvrez :", path: [...IOS_ADD_ESIM, "Saisir les détails manuellement"] },
          { text: "Dans « Adresse SM-DP+ », collez l’adresse SM-DP+ de votre eSIM." },
          {
            text: "Dans « Code d’activation », collez le code d’activation (sans l’adresse). Laissez vide le code de confirmation.",
          },
        ],
      },
    },
    android: {
      oneTap: {
        title: "Installation en un geste",
        intro: "Selon la marque et la version d’Android, le lien d’installation ouvre directement l’ajout de l’eSIM.",
        steps: [
          { text: "Sur le téléphone du voyage, ouvrez Mes eSIM, puis votre eSIM." },
          { text: "Touchez « Afficher les codes d’installation » et saisissez votre code PIN." },
          { text: "Touchez « Installer l’eSIM », puis confirmez l’ajout de l’eSIM." },
        ],
        note: "Si rien ne se passe, votre téléphone ne connaît pas ce lien : utilisez le QR code ou la saisie manuelle.",
      },
      qrOtherScreen: {
        title: "QR code affiché sur un autre écran",
        intro:
          "Affichez le QR code sur un ordinateur, une tablette ou un autre téléphone, et scannez-le avec votre téléphone.",
        steps: [
          { text: "Sur l’autre écran, ouvrez votre eSIM et touchez « Afficher les codes d’installation »." },
          {
            text: "Sur votre téléphone, ouvrez l’ajout d’eSIM :",
            samsung: [...SAMSUNG_ADD_ESIM, "Scanner le code QR"],
            pixel: [...PIXEL_ADD_ESIM, "Télécharger une eSIM", "Suivant"],
          },
          { text: "Cadrez le QR code, puis confirmez le téléchargement et attendez la fin." },
        ],
      },
      qrSavedImage: {
        title: "QR code enregistré en image",
        intro:
          "Seul avec votre téléphone ? Enregistrez le QR code (bouton « Télécharger le QR code » ou capture d’écran). Samsung et Pixel font différemment.",
        steps: [
          {
            text: "Samsung : ouvrez l’écran de scan, touchez l’icône Galerie (« Scanner depuis une image ») et choisissez l’image.",
            samsung: [...SAMSUNG_ADD_ESIM, "Scanner le code QR"],
          },
          {
            text: "Pixel : l’écran de scan n’utilise que l’appareil photo. Ouvrez l’image dans Google Photos, touchez Lens, puis copiez le texte qui commence par LPA:1$.",
          },
          {
            text: "Pixel : collez ensuite ce texte dans la saisie manuelle (méthode 4).",
            pixel: [...PIXEL_ADD_ESIM, "Télécharger une eSIM", "Suivant", "Besoin d’aide ?", "Saisir manuellement"],
          },
        ],
      },
      manual: {
        title: "Saisie manuelle",
        intro: "Sur Android, on colle le code d’activation entier (il commence par LPA:1$), en une fois.",
        steps: [
          { text: "Copiez le code d’activation entier sur la page de votre eSIM." },
          {
            text: "Ouvrez la saisie du code :",
            samsung: [...SAMSUNG_ADD_ESIM, "Scanner le code QR", "Saisir le code d’activation"],
            pixel: [...PIXEL_ADD_ESIM, "Télécharger une eSIM", "Suivant", "Besoin d’aide ?", "Saisir manuellement"],
          },
          { text: "Collez le code, touchez Connecter (ou Suivant) et attendez la fin." },
        ],
      },
    },
    after: {
      title: "Une fois installée",
      text: "Le téléphone demande quelle ligne utiliser : gardez votre SIM algérienne pour les appels et, jusqu’à l’arrivée, pour les données. Donnez un nom à la ligne eSIM (par exemple « Voyage ») et ne la supprimez pas. À destination, suivez le guide d’activation.",
    },
  },
  activation: {
    intro:
      "À l’arrivée, avant de quitter l’aéroport : quatre réglages, puis la liste à suivre s’il n’y a pas de réseau.",
    androidBrands:
      "Les menus Android diffèrent selon la marque : chaque étape donne le chemin Samsung et le chemin Pixel. Les autres téléphones ressemblent le plus souvent au Pixel.",
    iphone: {
      turnOnLine: {
        title: "Allumez la ligne eSIM",
        intro: "L’eSIM est installée mais peut être éteinte : allumez-la.",
        steps: [
          {
            text: "Ouvrez la ligne eSIM et activez « Activer cette ligne » :",
            path: ["Réglages", "Données cellulaires", "votre ligne eSIM", "Activer cette ligne"],
          },
        ],
      },
      dataLine: {
        title: "Choisissez-la pour les données",
        intro: "Votre SIM algérienne garde les appels et les SMS ; l’eSIM porte les données.",
        steps: [
          {
            text: "Choisissez la ligne eSIM :",
            path: ["Réglages", "Données cellulaires", "Données cellulaires", "votre ligne eSIM"],
          },
          {
            text: "Sur le même écran, désactivez « Autoriser le basculement des données cellulaires », pour que la SIM algérienne ne prenne jamais le relais.",
          },
        ],
      },
      roaming: {
        title: "Itinérance : sur la ligne eSIM seulement",
        intro:
          "L’eSIM a besoin de l’itinérance des données. Votre SIM algérienne, elle, doit la garder désactivée : sinon votre opérateur algérien peut vous facturer l’itinérance.",
        steps: [
          {
            text: "Activez l’itinérance sur la ligne eSIM :",
            path: ["Réglages", "Données cellulaires", "votre ligne eSIM", "Itinérance des données"],
          },
          {
            text: "Désactivez-la sur la SIM algérienne :",
            path: ["Réglages", "Données cellulaires", "votre SIM algérienne", "Itinérance des données"],
          },
        ],
      },
      apn: {
        title: "L’APN, si les données ne passent pas",
        intro:
          "L’APN se remplit le plus souvent tout seul. Si les données ne marchent toujours pas, saisissez celui de la page de votre eSIM (Réglages réseau), le plus souvent « internet ».",
        steps: [
          {
            text: "Ouvrez :",
            path: ["Réglages", "Données cellulaires", "votre ligne eSIM", "Réseau de données cellulaires"],
          },
          {
            text: "Sous « Données cellulaires », saisissez l’APN dans le champ APN. Laissez vides le nom d’utilisateur et le mot de passe.",
          },
        ],
      },
    },
    android: {
      turnOnLine: {
        title: "Allumez la ligne eSIM",
        intro: "L’eSIM est installée mais peut être éteinte : allumez-la.",
        steps: [
          {
            text: "Activez l’eSIM :",
            samsung: ["Paramètres", "Connexions", "Gestionnaire de cartes SIM", "votre eSIM"],
            pixel: ["Paramètres", "Réseau et Internet", "SIM", "votre eSIM", "Utiliser la SIM"],
          },
        ],
      },
      dataLine: {
        title: "Choisissez-la pour les données",
        intro: "Votre SIM algérienne garde les appels et les SMS ; l’eSIM porte les données.",
        steps: [
          {
            text: "Choisissez l’eSIM pour les données mobiles (sur Pixel, acceptez quand le téléphone propose de l’utiliser pour les données) :",
            samsung: ["Paramètres", "Connexions", "Gestionnaire de cartes SIM", "Données mobiles", "votre eSIM"],
            pixel: ["Paramètres", "Réseau et Internet", "SIM", "votre eSIM", "Données mobiles"],
          },
        ],
      },
      roaming: {
        title: "Itinérance : sur la ligne eSIM seulement",
        intro:
          "L’eSIM a besoin de l’itinérance des données. Votre SIM algérienne, elle, doit la garder désactivée : sinon votre opérateur algérien peut vous facturer l’itinérance.",
        steps: [
          {
            text: "Activez l’itinérance de l’eSIM (sur Samsung, elle suit la SIM choisie pour les données : choisissez l’eSIM si le téléphone le demande) :",
            samsung: ["Paramètres", "Connexions", "Réseaux mobiles", "Itinérance des données"],
            pixel: ["Paramètres", "Réseau et Internet", "SIM", "votre eSIM", "Itinérance"],
          },
          {
            text: "Vérifiez qu’elle est désactivée sur la SIM algérienne :",
            samsung: ["Paramètres", "Connexions", "Réseaux mobiles", "votre SIM algérienne", "Itinérance des données"],
            pixel: ["Paramètres", "Réseau et Internet", "SIM", "votre SIM algérienne", "Itinérance"],
          },
        ],
      },
      apn: {
        title: "L’APN, si les données ne passent pas",
        intro:
          "L’APN se remplit le plus souvent tout seul. Si les données ne marchent toujours pas, saisissez celui de la page de votre eSIM (Réglages réseau), le plus souvent « internet ».",
        steps: [
          {
            text: "Ouvrez la liste des APN de l’eSIM et ajoutez-en un (+ ou Ajouter) :",
            samsung: ["Paramètres", "Connexions", "Réseaux mobiles", "Noms des points d’accès"],
            pixel: ["Paramètres", "Réseau et Internet", "SIM", "votre eSIM", "Noms des points d’accès"],
          },
          { text: "Nom : Voyage. APN : l’APN de votre eSIM. Enregistrez (menu ⋮), puis sélectionnez ce nouvel APN." },
        ],
      },
    },
    noSignal: {
      title: "Pas de réseau ?",
      intro: "Dans l’ordre, en essayant les données après chaque étape :",
      iphone: [
        { text: "Redémarrez l’iPhone." },
        { text: "Activez le mode Avion 10 secondes, puis désactivez-le (Centre de contrôle)." },
        {
          text: "Choisissez le réseau à la main : désactivez « Automatique » et prenez un réseau de la liste (revenez à Automatique s’il échoue).",
          path: ["Réglages", "Données cellulaires", "votre ligne eSIM", "Sélection du réseau"],
        },
        {
          text: "Dans Mes eSIM, ouvrez l’eSIM : vérifiez que le forfait couvre le pays où vous êtes et que son statut est « Installée » ou « En service ». « Nouvelle » veut dire qu’elle n’est pas encore installée.",
        },
      ],
      android: [
        { text: "Redémarrez le téléphone." },
        { text: "Activez le mode Avion 10 secondes, puis désactivez-le (volet des réglages rapides)." },
        {
          text: "Choisissez le réseau à la main : désactivez la sélection automatique et prenez un réseau de la liste (réactivez-la s’il échoue).",
          samsung: ["Paramètres", "Connexions", "Réseaux mobiles", "Opérateurs réseau"],
          pixel: ["Paramètres", "Réseau et Internet", "SIM", "votre eSIM", "Sélectionner automatiquement le réseau"],
        },
        {
          text: "Dans Mes eSIM, ouvrez l’eSIM : vérifiez que le forfait couvre le pays où vous êtes et que son statut est « Installée » ou « En service ». « Nouvelle » veut dire qu’elle n’est pas encore installée.",
        },
      ],
      support:
        "Toujours rien ? Sur la page de votre eSIM, touchez « Ça ne marche pas » pour déposer une réclamation : nous vérifions la ligne avec l’opérateur et vous répondons dans l’application.",
    },
  },
};
