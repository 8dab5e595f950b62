import { formatNumber } from "@esim/shared/format";
import type { LegalContent, SellerIdentity } from "../legal-facts.ts";

const NOT_SET = "not provided";

function sellerLines(seller: SellerIdentity | null): string[] {
  if (!seller) {
    return [
      "The seller's legal identity (company name, address, NIF, RC, NIS) has not been set yet. It will appear here and on every invoice as soon as it is; meanwhile, customer support answers from the app's help button.",
    ];
  }
  return [
    `Seller: ${seller.legalName}, ${seller.address}.`,
    `Tax identification number (NIF): ${seller.nif || NOT_SET}. Trade register (RC): ${seller.rc || NOT_SET}. Statistical identification number (NIS): ${seller.nis || NOT_SET}.`,
    `Contact: ${seller.email || NOT_SET}, phone ${seller.phone || NOT_SET}.`,
  ];
}

export const englishLegalDocuments: LegalContent = (facts, seller) => {
  const hours = formatNumber(facts.cancellationWindowHours);
  const refundDays = formatNumber(facts.refundDays);
  return {
    terms: {
      title: "Terms of sale",
      sections: [
        {
          heading: "Purpose and seller",
          paragraphs: [
            "These terms govern the distance sale, through this website and its apps, of prepaid mobile data plans delivered as eSIMs, under Algerian law no. 18-05 of 10 May 2018 on electronic commerce.",
            ...sellerLines(seller),
          ],
        },
        {
          heading: "The offer",
          paragraphs: [
            "Each plan is a data-only plan (no calls or SMS) for a destination or a region: its page states the data allowance, the validity period, when the validity starts, the networks and the fair-use policy.",
            "The eSIM works only on a phone that supports eSIM and is not locked to a carrier; check compatibility before buying (the “Compatibility” page).",
          ],
        },
        {
          heading: "Prices",
          paragraphs: [
            "Prices are in Algerian dinars (DA), all taxes included. A price shown in US dollars is for information: the amount charged is always in dinars.",
            "Before payment, the order summary shows the total price, the discounts (promo code), the store credit used and, where applicable, the payment provider's fee paid by the buyer.",
          ],
        },
        {
          heading: "Ordering",
          paragraphs: [
            "An order takes three steps: reading these terms, checking the order's details on the summary, then confirming it. Ticking the box accepting the terms of sale and the privacy policy is required; the time of that acceptance and the version accepted are recorded with the order.",
            "The contract is formed when the order is confirmed; a confirmation and the invoice are sent by email and stay available in the app.",
          ],
        },
        {
          heading: "Payment",
          paragraphs: [
            "Payment is made online by CIB or EDAHABIA card through the Chargily Pay payment gateway, or with the account's store credit. Card details are typed at Chargily and never reach us.",
            "Store credit is a balance in dinars held on the account (a refund taken as credit, credit given by the shop, credit bought). It is spent first on an order unless the buyer unticks that option; credit given by the shop may have an expiry date, shown in the credit's history.",
          ],
        },
        {
          heading: "Delivery",
          paragraphs: [
            "The eSIM is delivered electronically as soon as the payment is confirmed: by email (QR code and installation code) and in the app, under “My eSIMs”. Nothing is shipped.",
            "If the eSIM cannot be delivered, the order is refunded under the rules below.",
          ],
        },
        {
          heading: "Cancellation",
          paragraphs: [
            `An unused eSIM (neither installed nor activated) can be cancelled within ${hours} hours of payment, by asking customer support from the app. After that, or once the eSIM is installed, it can no longer be cancelled.`,
          ],
        },
        {
          heading: "Refunds",
          paragraphs: [
            `If the service fails for a technical reason, the buyer is refunded within ${refundDays} days of payment, once customer support has checked it. An accepted cancellation is refunded within the same time.`,
            "As the buyer chooses, the refund is paid by transfer to a bank or CCP account (RIB or RIP) or as store credit, usable at once; a credit note is issued for the invoice concerned.",
          ],
        },
        {
          heading: "Complaints and applicable law",
          paragraphs: [
            "Complaints go to customer support (the app's help button). These terms are governed by Algerian law; failing an amicable settlement, the competent Algerian courts have jurisdiction.",
          ],
        },
      ],
    },
    privacy: {
      title: "Privacy policy",
      sections: [
        {
          heading: "Data controller",
          paragraphs: [
            "Your personal data is processed under Algerian law no. 18-07 of 10 June 2018 on the protection of natural persons in the processing of personal data.",
            ...sellerLines(seller),
          ],
        },
        {
          heading: "What we collect and why",
          paragraphs: [
            "Account: email address, name, country, phone (optional), preferred language and currency, to identify you, deliver to you and write to you in your language.",
            "Orders and invoices: plans bought, amounts, billing name, email, phone and country, to carry out the sale and keep the accounts.",
            "eSIMs: the eSIM's identifiers, installation code and data usage, to install and follow your plan.",
            "Devices: the sessions you opened (with the browser or phone used) and, in the app, the device's notification token.",
            "Payment: card details are handled by Chargily Pay, never by us; we receive only the payment's outcome.",
            "Refunds: the bank or CCP account and its holder's name, if you choose a transfer.",
          ],
        },
        {
          heading: "How long we keep it",
          paragraphs: [
            `A sign-in code sent by email works for ${formatNumber(facts.signInCodeMinutes)} minutes and is erased at most ${formatNumber(facts.signInCodeKeptHours)} hours later; an unused session expires after ${formatNumber(facts.sessionDays)} days.`,
            `An email's content (including the installation QR code) is kept only until it is sent; an email that could not be sent is erased after ${formatNumber(facts.unsentEmailKeptDays)} days.`,
            "The bank or CCP account given for a refund is erased as soon as the refund is fully paid.",
            "Account data is kept for as long as the account exists.",
            `Orders and invoices, with the billing name, email, phone and country they carry, are kept for ${formatNumber(facts.accountingYears)} years, as accounting law requires.`,
          ],
        },
        {
          heading: "Deleting your account",
          paragraphs: [
            `You can delete your account from your profile. The profile is then anonymised and the sessions, devices, sign-in codes and emails addressed to you are erased at once; your eSIMs' installation codes within ${formatNumber(facts.deletedAccountSweepMinutes)} minutes.`,
            `Kept for legal obligations: orders and invoices (${formatNumber(facts.accountingYears)} years), the use of promo codes linked to the account's identifier, and the per-email code request counters until their window ends (${formatNumber(facts.signInCounterHours)} hour).`,
          ],
        },
        {
          heading: "Who receives it",
          paragraphs: [
            "Your data is never sold or rented. It goes only to the providers the service needs: the eSIM supplier, the Chargily Pay payment gateway, the email delivery service and the support chat provider, loaded when you open the chat.",
          ],
        },
        {
          heading: "Storage on your device",
          paragraphs: [
            "The app keeps your session, language, preferences and any promo code on your device. One cookie, LANG, remembers the language you chose so that the sign-in page opens in it. No advertising or audience-measurement cookie is used.",
          ],
        },
        {
          heading: "Your rights",
          paragraphs: [
            "You have the right to be informed, to access, to correct and to object to the processing of your data (law no. 18-07). You can edit your profile in the app and exercise these rights through customer support. You may also refer to the National Authority for the Protection of Personal Data (ANPDP).",
          ],
        },
      ],
    },
    "legal-notice": {
      title: "Legal notice",
      sections: [
        { heading: "Publisher", paragraphs: sellerLines(seller) },
        {
          heading: "Activity",
          paragraphs: [
            "Online sale of prepaid mobile data plans (eSIMs) for travellers, carried out under law no. 18-05 on electronic commerce.",
          ],
        },
        {
          heading: "Intellectual property",
          paragraphs: [
            "The texts, illustrations and software of this website and its apps are protected; any reproduction without permission is forbidden. Carrier and manufacturer brands mentioned belong to their owners.",
          ],
        },
        {
          heading: "Personal data",
          paragraphs: [
            "How your data is processed is described in the privacy policy; the conditions of sale in the terms of sale.",
          ],
        },
      ],
    },
  };
};
