import type { Language } from "@esim/shared/locale";
import type { PaymentMethod } from "../payment-port.ts";

/** Every word the sandbox's hosted page shows, in the three languages of the store. */
export interface SandboxTexts {
  documentTitle: string;
  testBadge: string;
  testNotice: string;
  heading: string;
  merchant: string;
  description: string;
  amount: string;
  /** The merchant's price and the gateway's fee the payer pays on top, shown above the amount to pay when there is one. */
  price: string;
  gatewayFee: string;
  reference: string;
  method: string;
  methodHint: string;
  pay: string;
  fail: string;
  cancel: string;
  finalStatus: Record<"paid" | "failed" | "canceled" | "expired", string>;
  finalHint: string;
  backToMerchant: string;
  notFoundTitle: string;
  notFoundBody: string;
  invalidMethodTitle: string;
  invalidMethodBody: string;
  backToPage: string;
  methods: Record<PaymentMethod, string>;
}

/** The merchant shown to the payer, written the same way in every language (as in our emails). */
export const SANDBOX_MERCHANT_NAME = "eSIM Store";

export const SANDBOX_TEXTS: Record<Language, SandboxTexts> = {
  fr: {
    documentTitle: "Paiement de test",
    testBadge: "TEST",
    testNotice: "Page de paiement de test : aucun argent réel n'est débité.",
    heading: "Paiement",
    merchant: "Marchand",
    description: "Description",
    amount: "Montant à payer",
    price: "Prix",
    gatewayFee: "Frais de paiement",
    reference: "Référence",
    method: "Moyen de paiement",
    methodHint: "Vous pouvez changer de moyen de paiement avant de valider.",
    pay: "Payer",
    fail: "Simuler un échec",
    cancel: "Annuler le paiement",
    finalStatus: {
      paid: "Ce paiement a déjà été effectué.",
      failed: "Ce paiement a échoué.",
      canceled: "Ce paiement a été annulé.",
      expired: "Ce paiement a expiré : il ne peut plus être réglé.",
    },
    finalHint: "Cette page de paiement n'accepte plus d'action.",
    backToMerchant: "Retour au marchand",
    notFoundTitle: "Paiement introuvable",
    notFoundBody: "Ce lien de paiement n'existe pas ou n'est plus valable.",
    invalidMethodTitle: "Moyen de paiement non proposé",
    invalidMethodBody: "Ce moyen de paiement n'est pas disponible pour ce paiement. Choisissez-en un autre.",
    backToPage: "Revenir au paiement",
    methods: {
      edahabia: "Carte EDAHABIA",
      cib: "Carte CIB",
      chargily_app: "Application Chargily",
      card: "Visa / MasterCard",
    },
  },
  en: {
    documentTitle: "Test payment",
    testBadge: "TEST",
    testNotice: "Test payment page: no real money is charged.",
    heading: "Payment",
    merchant: "Merchant",
    description: "Description",
    amount: "Amount to pay",
    price: "Price",
    gatewayFee: "Payment fee",
    reference: "Reference",
    method: "Payment method",
    methodHint: "You can switch payment method before confirming.",
    pay: "Pay",
    fail: "Simulate a failure",
    cancel: "Cancel payment",
    finalStatus: {
      paid: "This payment has already been made.",
      failed: "This payment failed.",
      canceled: "This payment was cancelled.",
      expired: "This payment has expired: it can no longer be paid.",
    },
    finalHint: "This payment page no longer accepts any action.",
    backToMerchant: "Back to the merchant",
    notFoundTitle: "Payment not found",
    notFoundBody: "This payment link does not exist or is no longer valid.",
    invalidMethodTitle: "Payment method not offered",
    invalidMethodBody: "This payment method is not available for this payment. Please choose another one.",
    backToPage: "Back to the payment",
    methods: {
      edahabia: "EDAHABIA card",
      cib: "CIB card",
      chargily_app: "Chargily app",
      card: "Visa / MasterCard",
    },
  },
  ar: {
    documentTitle: "دفع تجريبي",
    testBadge: "تجريبي",
    testNotice: "صفحة دفع تجريبية: لن يُخصم أي مبلغ حقيقي.",
    heading: "الدفع",
    merchant: "التاجر",
    description: "الوصف",
    amount: "المبلغ المطلوب دفعه",
    price: "السعر",
    gatewayFee: "رسوم الدفع",
    reference: "المرجع",
    method: "طريقة الدفع",
    methodHint: "يمكنك تغيير طريقة الدفع قبل التأكيد.",
    pay: "ادفع",
    fail: "محاكاة فشل الدفع",
    cancel: "إلغاء الدفع",
    finalStatus: {
      paid: "تم هذا الدفع من قبل.",
      failed: "فشل هذا الدفع.",
      canceled: "تم إلغاء هذا الدفع.",
      expired: "انتهت صلاحية هذا الدفع: لم يعد بالإمكان إتمامه.",
    },
    finalHint: "لم تعد صفحة الدفع هذه تقبل أي إجراء.",
    backToMerchant: "العودة إلى التاجر",
    notFoundTitle: "عملية الدفع غير موجودة",
    notFoundBody: "رابط الدفع هذا غير موجود أو لم يعد صالحًا.",
    invalidMethodTitle: "طريقة الدفع غير متاحة",
    invalidMethodBody: "طريقة الدفع هذه غير متاحة لهذه العملية. يُرجى اختيار طريقة أخرى.",
    backToPage: "العودة إلى الدفع",
    methods: {
      edahabia: "بطاقة الذهبية (EDAHABIA)",
      cib: "بطاقة CIB",
      chargily_app: "تطبيق Chargily",
      card: "Visa / MasterCard",
    },
  },
};
