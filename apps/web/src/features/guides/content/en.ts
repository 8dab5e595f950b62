import { validityAdvice } from "@esim/shared/catalog/validity-start";
import type { GuideContent } from "./types.ts";

const IOS_ADD_ESIM = ["Settings", "Mobile Service", "Add eSIM", "Use QR Code"] as const;
const SAMSUNG_ADD_ESIM = ["Settings", "Connections", "SIM manager", "Add eSIM"] as const;
const PIXEL_ADD_ESIM = ["Settings", "Network & internet", "SIMs", "Add SIM"] as const;

export const en: GuideContent = {
  hub: {
    intro: "Everything your eSIM needs to work when you land, step by step, on iPhone and on Android.",
    installation:
      "On the day you leave or before, as your plan says, on Wi-Fi: install the eSIM with one tap, with the QR code or by typing the code.",
    activation:
      "When you land: turn on the eSIM line, roaming on that line only, the APN, and what to do with no signal.",
    moreHelp: "Does your phone take eSIMs? A question? We are here.",
    offline: "Once opened, these guides stay readable offline on this phone.",
  },
  installation: {
    intro:
      // When to install follows the plan (decision 050): both rules, each plan saying which is its own.
      `When to install depends on your plan, as its page in My eSIMs says. ${validityAdvice({ validityStart: "installation", validityDays: 1 }, "en").sentence} ${validityAdvice({ validityStart: "first_connection", validityDays: 1 }, "en").sentence} It takes a few minutes on Wi-Fi and is only used at your destination. On iPhones set to US English, “Mobile Service” is called “Cellular”.`,
    beforeYouStart: {
      title: "Before you start",
      items: [
        "Connect to Wi-Fi: the phone downloads the eSIM while it installs.",
        "Your phone must take eSIMs and be carrier-unlocked (not locked to an operator).",
        "The install codes work only once: install the eSIM on the phone you will travel with.",
        "Never delete the eSIM from your phone: it cannot be installed again, and a top-up is added to the same eSIM.",
      ],
    },
    androidBrands:
      "Android menus differ by brand: each step gives the Samsung path and the Pixel path. Other phones (Xiaomi, Oppo, Motorola…) are usually closest to Pixel; otherwise type “eSIM” in the Settings search.",
    iphone: {
      oneTap: {
        title: "One-tap install",
        intro: "The simplest way, right on the iPhone you travel with.",
        steps: [
          { text: "On the iPhone, open My eSIMs, then your eSIM." },
          { text: "Tap “Show the install codes” and enter your PIN." },
          { text: "Tap “Install the eSIM”: Apple’s screen opens. Tap Continue and wait until it finishes." },
        ],
        note: "Needs iOS 17.4 or later (Settings › General › About). Otherwise use the QR code or manual entry.",
      },
      qrOtherScreen: {
        title: "QR code shown on another screen",
        intro: "Show the QR code on a computer, a tablet or another phone, and scan it with the iPhone.",
        steps: [
          { text: "On the other screen, open your eSIM and tap “Show the install codes”." },
          { text: "On the iPhone, open:", path: IOS_ADD_ESIM },
          { text: "Frame the QR code, then tap Continue and wait until the install finishes." },
        ],
        note: "You can also point the iPhone’s camera at the QR code and tap the “Cellular Plan” banner.",
      },
      qrSavedImage: {
        title: "QR code saved as an image",
        intro:
          "Only the iPhone at hand? Save the QR code (the “Download the QR code” button or a screenshot), then read it from the photo.",
        steps: [
          { text: "Open the scan screen:", path: IOS_ADD_ESIM },
          { text: "Tap “Open Photos” below the frame, then choose the QR code image." },
          { text: "Another way: in Photos, touch and hold the QR code in the image, then tap “Add eSIM”." },
        ],
        note: "Needs iOS 17.2 or later. Otherwise show the QR code on another screen or type the codes.",
      },
      manual: {
        title: "Manual entry",
        intro: "No camera, no QR code: copy the two codes from your eSIM’s page, one after the other.",
        steps: [
          { text: "Open:", path: [...IOS_ADD_ESIM, "Enter Details Manually"] },
          { text: "In “SM-DP+ Address”, paste your eSIM’s SM-DP+ address." },
          {
            text: "In “Activation Code”, paste the activation code (without the address). Leave the confirmation code empty.",
          },
        ],
      },
    },
    android: {
      oneTap: {
        title: "One-tap install",
        intro: "Depending on the brand and the Android version, the install link opens the eSIM set-up directly.",
        steps: [
          { text: "On the phone you travel with, open My eSIMs, then your eSIM." },
          { text: "Tap “Show the install codes” and enter your PIN." },
          { text: "Tap “Install the eSIM”, then confirm adding the eSIM." },
        ],
        note: "If nothing happens, your phone does not know this link: use the QR code or manual entry.",
      },
      qrOtherScreen: {
        title: "QR code shown on another screen",
        intro: "Show the QR code on a computer, a tablet or another phone, and scan it with your phone.",
        steps: [
          { text: "On the other screen, open your eSIM and tap “Show the install codes”." },
          {
            text: "On your phone, open the eSIM set-up:",
            samsung: [...SAMSUNG_ADD_ESIM, "Scan QR code"],
            pixel: [...PIXEL_ADD_ESIM, "Download an eSIM", "Next"],
          },
          { text: "Frame the QR code, then confirm the download and wait until it finishes." },
        ],
      },
      qrSavedImage: {
        title: "QR code saved as an image",
        intro:
          "Only your phone at hand? Save the QR code (the “Download the QR code” button or a screenshot). Samsung and Pixel do it differently.",
        steps: [
          {
            text: "Samsung: open the scan screen, tap the Gallery icon (“Scan from image”) and choose the image.",
            samsung: [...SAMSUNG_ADD_ESIM, "Scan QR code"],
          },
          {
            text: "Pixel: the scan screen only uses the camera. Open the image in Google Photos, tap Lens, then copy the text starting with LPA:1$.",
          },
          {
            text: "Pixel: then paste that text into manual entry (method 4).",
            pixel: [...PIXEL_ADD_ESIM, "Download an eSIM", "Next", "Need help?", "Enter it manually"],
          },
        ],
      },
      manual: {
        title: "Manual entry",
        intro: "On Android you paste the whole activation code (it starts with LPA:1$) in one go.",
        steps: [
          { text: "Copy the whole activation code from your eSIM’s page." },
          {
            text: "Open the code entry:",
            samsung: [...SAMSUNG_ADD_ESIM, "Scan QR code", "Enter activation code"],
            pixel: [...PIXEL_ADD_ESIM, "Download an eSIM", "Next", "Need help?", "Enter it manually"],
          },
          { text: "Paste the code, tap Connect (or Next) and wait until it finishes." },
        ],
      },
    },
    after: {
      title: "Once installed",
      text: "The phone asks which line to use: keep your Algerian SIM for calls and, until you land, for data. Give the eSIM line a name (for example “Travel”) and do not delete it. At your destination, follow the activation guide.",
    },
  },
  activation: {
    intro: "When you land, before leaving the airport: four settings, then the checklist if there is no signal.",
    androidBrands:
      "Android menus differ by brand: each step gives the Samsung path and the Pixel path. Other phones are usually closest to Pixel.",
    iphone: {
      turnOnLine: {
        title: "Turn on the eSIM line",
        intro: "The eSIM is installed but may be off: turn it on.",
        steps: [
          {
            text: "Open the eSIM line and switch on “Turn On This Line”:",
            path: ["Settings", "Mobile Service", "your eSIM line", "Turn On This Line"],
          },
        ],
      },
      dataLine: {
        title: "Use it for data",
        intro: "Your Algerian SIM keeps calls and texts; the eSIM carries the data.",
        steps: [
          {
            text: "Choose the eSIM line:",
            path: ["Settings", "Mobile Service", "Mobile Data", "your eSIM line"],
          },
          {
            text: "On the same screen, turn off “Allow Mobile Data Switching”, so the Algerian SIM never takes over.",
          },
        ],
      },
      roaming: {
        title: "Roaming: on the eSIM line only",
        intro:
          "The eSIM needs data roaming. Your Algerian SIM must keep it off: otherwise your Algerian operator may charge you for roaming.",
        steps: [
          {
            text: "Turn roaming on for the eSIM line:",
            path: ["Settings", "Mobile Service", "your eSIM line", "Data Roaming"],
          },
          {
            text: "Turn it off for the Algerian SIM:",
            path: ["Settings", "Mobile Service", "your Algerian SIM", "Data Roaming"],
          },
        ],
      },
      apn: {
        title: "The APN, if data does not work",
        intro:
          "The APN is usually filled in by itself. If data still does not work, enter the one on your eSIM’s page (Network settings), most often “internet”.",
        steps: [
          {
            text: "Open:",
            path: ["Settings", "Mobile Service", "your eSIM line", "Mobile Data Network"],
          },
          { text: "Under “Mobile Data”, type the APN in the APN field. Leave the username and password empty." },
        ],
      },
    },
    android: {
      turnOnLine: {
        title: "Turn on the eSIM line",
        intro: "The eSIM is installed but may be off: turn it on.",
        steps: [
          {
            text: "Switch the eSIM on:",
            samsung: ["Settings", "Connections", "SIM manager", "your eSIM"],
            pixel: ["Settings", "Network & internet", "SIMs", "your eSIM", "Use SIM"],
          },
        ],
      },
      dataLine: {
        title: "Use it for data",
        intro: "Your Algerian SIM keeps calls and texts; the eSIM carries the data.",
        steps: [
          {
            text: "Choose the eSIM for mobile data (on Pixel, accept when the phone offers to use it for data):",
            samsung: ["Settings", "Connections", "SIM manager", "Mobile data", "your eSIM"],
            pixel: ["Settings", "Network & internet", "SIMs", "your eSIM", "Mobile data"],
          },
        ],
      },
      roaming: {
        title: "Roaming: on the eSIM line only",
        intro:
          "The eSIM needs data roaming. Your Algerian SIM must keep it off: otherwise your Algerian operator may charge you for roaming.",
        steps: [
          {
            text: "Turn on roaming for the eSIM (on Samsung it follows the SIM chosen for data: pick the eSIM if the phone asks):",
            samsung: ["Settings", "Connections", "Mobile networks", "Data roaming"],
            pixel: ["Settings", "Network & internet", "SIMs", "your eSIM", "Roaming"],
          },
          {
            text: "Check that it is off for the Algerian SIM:",
            samsung: ["Settings", "Connections", "Mobile networks", "your Algerian SIM", "Data roaming"],
            pixel: ["Settings", "Network & internet", "SIMs", "your Algerian SIM", "Roaming"],
          },
        ],
      },
      apn: {
        title: "The APN, if data does not work",
        intro:
          "The APN is usually filled in by itself. If data still does not work, enter the one on your eSIM’s page (Network settings), most often “internet”.",
        steps: [
          {
            text: "Open the eSIM’s APN list and add one (+ or Add):",
            samsung: ["Settings", "Connections", "Mobile networks", "Access Point Names"],
            pixel: ["Settings", "Network & internet", "SIMs", "your eSIM", "Access Point Names"],
          },
          { text: "Name: Travel. APN: your eSIM’s APN. Save (⋮ menu), then select this new APN." },
        ],
      },
    },
    noSignal: {
      title: "No signal?",
      intro: "In this order, trying data after each step:",
      iphone: [
        { text: "Restart the iPhone." },
        { text: "Turn on Airplane Mode for 10 seconds, then turn it off (Control Centre)." },
        {
          text: "Choose the network by hand: turn off “Automatic” and pick a network from the list (go back to Automatic if it fails).",
          path: ["Settings", "Mobile Service", "your eSIM line", "Network Selection"],
        },
        {
          text: "In My eSIMs, open the eSIM: check that the plan covers the country you are in and that its status is “Installed” or “In use”. “New” means it is not installed yet.",
        },
      ],
      android: [
        { text: "Restart the phone." },
        { text: "Turn on Airplane mode for 10 seconds, then turn it off (Quick Settings)." },
        {
          text: "Choose the network by hand: turn off automatic selection and pick a network from the list (turn it back on if it fails).",
          samsung: ["Settings", "Connections", "Mobile networks", "Network operators"],
          pixel: ["Settings", "Network & internet", "SIMs", "your eSIM", "Automatically select network"],
        },
        {
          text: "In My eSIMs, open the eSIM: check that the plan covers the country you are in and that its status is “Installed” or “In use”. “New” means it is not installed yet.",
        },
      ],
      support:
        "Still nothing? On your eSIM’s page, tap “It doesn't work” to file a claim: we check the line with the operator and answer you in the app.",
    },
  },
};
