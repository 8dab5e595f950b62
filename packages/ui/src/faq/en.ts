import { validityAdvice } from "@esim/shared/catalog/validity-start";
import type { Faq } from "./faq-types.ts";

export const faq: Faq = [
  {
    id: "install",
    title: "Installing your eSIM",
    entries: [
      {
        id: "install-how",
        question: "How do I install my eSIM?",
        answer: [
          "Open My eSIMs, choose the eSIM and press “Show the install codes” (your PIN protects them). On an iPhone with iOS 17.4 or later, one tap installs it; otherwise scan the QR code, or type the SM-DP+ address and the activation code by hand.",
          "The installation guide shows each step on iPhone and Android.",
        ],
        links: [{ to: "/guide/installation", label: "Installation guide" }],
      },
      {
        id: "install-before-leaving",
        question: "When should I install my eSIM?",
        answer: [
          "It depends on your plan: each plan says so, in the shop and on its page in My eSIMs.",
          validityAdvice({ validityStart: "installation", validityDays: 1 }, "en").sentence,
          validityAdvice({ validityStart: "first_connection", validityDays: 1 }, "en").sentence,
          "Either way, on Wi-Fi (installing needs an internet connection), and before the “Install before” date shown in My eSIMs.",
        ],
      },
      {
        id: "install-compatible",
        question: "Is my phone compatible?",
        answer: [
          "Your phone must support eSIM and must not be locked to an operator, with iOS 12.1 or later or Android 9.0 or later. Dial *#06#: a phone with an eSIM shows its EID, a 32-digit number.",
        ],
        links: [{ to: "/compatibility", label: "Check my phone" }],
      },
      {
        id: "install-once",
        question: "Can I install the same eSIM again, or on another phone?",
        answer: [
          "No: the install codes work only once. Install the eSIM on the phone you will travel with, and do not delete it from that phone if you may top it up later. Deleted it by mistake? Contact support.",
        ],
      },
    ],
  },
  {
    id: "activation",
    title: "Activation and connection",
    entries: [
      {
        id: "activation-start",
        question: "When does my plan start?",
        answer: [
          "Never at purchase. Depending on the plan, its validity starts when the eSIM is installed or when it first connects to a network at your destination, as each plan says.",
          "Until it has started, your eSIM has no end date: its page in My eSIMs says how many days it will last and the “Install before” date.",
        ],
      },
      {
        id: "activation-settings",
        question: "Which settings should I change when I arrive?",
        answer: [
          "Turn the eSIM line on, choose it for mobile data and turn data roaming on for that line. You can keep your usual SIM on for calls, with its own data roaming off to avoid charges from your operator.",
        ],
        links: [{ to: "/guide/activation", label: "Activation guide" }],
      },
      {
        id: "activation-no-connection",
        question: "I have no connection at my destination. What should I do?",
        answer: [
          "Check that data roaming is on for the eSIM and that the eSIM is chosen for mobile data. Then turn airplane mode on and off, or restart the phone. If it still does not connect, choose a network by hand in the mobile network settings.",
          "Still nothing? On the eSIM’s page, tap “It doesn't work”: the app checks the settings with you, then files a claim we answer in the app.",
        ],
        links: [{ to: "/guide/activation", label: "Activation guide" }],
      },
      {
        id: "activation-calls",
        question: "Can I make calls or send text messages?",
        answer: [
          "No, our plans are data only. Call and write through internet apps such as WhatsApp, Telegram or FaceTime.",
        ],
      },
    ],
  },
  {
    id: "usage",
    title: "Data usage",
    entries: [
      {
        id: "usage-lag",
        question: "Why is my data usage not up to date?",
        answer: [
          "The network reports usage to us with a delay that can reach a few hours. My eSIMs shows the latest figure received, so what you have really used may be a little higher.",
        ],
      },
      {
        id: "usage-alerts",
        question: "Will I be told before my data runs out?",
        answer: ["Yes: we send you an email when 80 % of the data is used, and when the plan ends within a day."],
      },
      {
        id: "usage-run-out",
        question: "What happens when my data runs out or my plan ends?",
        answer: [
          "The connection stops. If the plan allows it, top it up from its page in My eSIMs: the data is added to the same eSIM.",
        ],
      },
    ],
  },
  {
    id: "topUp",
    title: "Top-ups",
    entries: [
      {
        id: "topup-how",
        question: "How do I top up my eSIM?",
        answer: [
          "Open My eSIMs, choose the eSIM and pick an offer under “Top up this eSIM”, then pay as for a purchase. No offer shown? This plan cannot be topped up: buy a new eSIM instead.",
        ],
        links: [{ to: "/esims", label: "My eSIMs" }],
      },
      {
        id: "topup-reinstall",
        question: "Do I need to reinstall anything after a top-up?",
        answer: [
          "No. The top-up is added to the eSIM already on your phone. Do not delete that eSIM from your phone, or the top-up cannot be used.",
        ],
      },
    ],
  },
  {
    id: "payment",
    title: "Payment",
    entries: [
      {
        id: "payment-methods",
        question: "How can I pay?",
        answer: [
          "With a CIB or EDAHABIA card, or the Chargily app wallet, through our Algerian payment provider; Visa / MasterCard when the summary page offers it.",
          "You are charged in Algerian dinars (DA). A price in dollars is shown for information: the summary gives the amount charged in DA.",
        ],
      },
      {
        id: "payment-card-abroad",
        question: "Can I pay with a card issued abroad?",
        answer: [
          "Yes when Visa / MasterCard appears among the payment methods on the summary page. Otherwise only Algerian cards (CIB, EDAHABIA) and the Chargily app wallet can be used for now. The amount is charged in DA: your bank may add its own conversion fees.",
        ],
      },
      {
        id: "payment-processing",
        question: "My payment is “still processing”. What should I do?",
        answer: [
          "Do not pay a second time. Some payments take a few minutes to be confirmed: the payment page refreshes by itself, and you can follow the order in My orders.",
          "A payment that never goes through is given up after a day. If your account was debited and the order is still not confirmed a few hours later, contact support with your order number.",
        ],
        links: [{ to: "/orders", label: "My orders" }],
      },
      {
        id: "payment-invoice",
        question: "Where is my invoice?",
        answer: [
          "Every paid order has a PDF invoice: download it from My orders and invoices, or from the order's page.",
        ],
        links: [{ to: "/orders", label: "My orders and invoices" }],
      },
    ],
  },
  {
    id: "refunds",
    title: "Refunds and cancellation",
    entries: [
      {
        id: "refund-policy",
        question: "Can I get a refund?",
        answer: [
          "Yes, within 7 days of purchase, if the service fails for a technical reason (for example the eSIM does not connect even with the right settings) and support cannot fix it. Open the eSIM in My eSIMs and tap “It doesn't work”: the app checks your phone’s settings with you, then files a claim you follow in the app (received, answered, refunded as credit or by transfer, or refused with the reason). We settle it within 7 days.",
          "A change of travel plans is not a technical failure: see the cancellation of an unused eSIM below.",
        ],
      },
      {
        id: "cancel-unused",
        question: "Can I cancel an eSIM I have not used?",
        answer: [
          "Yes, within 24 hours of purchase, as long as the eSIM has never been installed or topped up. Open it in My eSIMs and press “Ask for cancellation”, or contact support.",
          "Our team reviews the request and answers by email. Once it is accepted, the eSIM stops working and you are refunded.",
        ],
        links: [{ to: "/esims", label: "My eSIMs" }],
      },
    ],
  },
  {
    id: "account",
    title: "Account and support",
    entries: [
      {
        id: "pin",
        question: "What is my PIN for, and what if I forget it?",
        answer: [
          "Your 4-digit PIN protects the install codes of all your eSIMs. Forgot it? Press “Forgot” on the PIN pad and follow the steps. After too many wrong attempts the PIN is blocked: contact support.",
        ],
      },
      {
        id: "support-contact",
        question: "How do I reach support?",
        answer: [
          "On WhatsApp, by live chat from the support button, or by email: all three are below, with the hours a person answers (in Algerian time and in yours). Write at any time; give your order number so we can help you faster. From an eSIM or a failed payment, the WhatsApp button types the order number for you.",
        ],
      },
    ],
  },
];
