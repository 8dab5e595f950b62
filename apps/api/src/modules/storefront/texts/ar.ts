import type { StorefrontTexts } from "./text-types.ts";

// Arabic counts: 1 and 2 have their own words, 3–10 take the plural, 11 and above the singular accusative.
const countries = (count: number) => {
  if (count === 1) return "دولة واحدة";
  if (count === 2) return "دولتان";
  return count >= 3 && count <= 10 ? `${count} دول` : `${count} دولة`;
};

export const AR_TEXTS: StorefrontTexts = {
  siteName: "eSIM Store",
  skipToContent: "الانتقال إلى المحتوى",
  languageNav: "اللغة",
  signIn: "تسجيل الدخول",
  breadcrumbLabel: "مسار التنقل",
  breadcrumbHome: "eSIM",
  footerDataOnly: "باقات eSIM للبيانات فقط: بدون مكالمات أو رسائل قصيرة.",
  landing: {
    title: "باقات eSIM للسفر – eSIM Store",
    description:
      "قارن باقات بيانات eSIM المدفوعة مسبقًا لأكثر من 200 وجهة، وادفع ببطاقة CIB أو الذهبية، وفعّلها في دقائق.",
    keywords: "eSIM، سفر، باقة بيانات، الإنترنت في الخارج، الجزائر، التجوال، بطاقة CIB، الذهبية",
    heading: "الإنترنت أينما سافرت، مع eSIM",
    intro: "اختر وجهتك، قارن الباقات وادفع بالدينار ببطاقتك الجزائرية.",
    destinationCount: (countText) => `${countText} وجهة`,
    lowestPrice: (price) => `باقات ابتداءً من ${price}`,
    searchHeading: "ابحث عن وجهتك",
    searchLabel: "دولة أو منطقة",
    searchPlaceholder: "مثال: تركيا، أوروبا",
    searchButton: "بحث",
    searchResults: (count, query) => `نتائج البحث عن «${query}»: ${count}`,
    searchNone: (query) => `لا توجد وجهة تطابق «${query}».`,
    popularHeading: "الوجهات الأكثر طلبًا",
    regionsHeading: "المناطق",
    allHeading: "كل الوجهات",
    from: (price) => `ابتداءً من ${price}`,
    countries,
    howHeading: "كيف يعمل",
    steps: [
      { title: "اشترِ", text: "اختر باقة وادفع عبر الإنترنت ببطاقتك الجزائرية." },
      { title: "امسح", text: "ثبّت الـ eSIM بمسح رمز QR الخاص بها، يوم سفرك أو قبله بحسب الباقة." },
      { title: "سافر", text: "فعّل البيانات عند الوصول: أنت متصل دون تغيير شريحة SIM." },
    ],
    compatibilityHeading: "هل هاتفك متوافق؟",
    compatibilityText: "تعمل eSIM على أجهزة iPhone (iOS 12.1 أو أحدث) وأجهزة Android (9.0 أو أحدث) التي تدعمها.",
    compatibilityLink: "التحقق من التوافق",
    trustHeading: "اشترِ بثقة",
    trustCards: "دفع آمن بالدينار ببطاقتك الجزائرية CIB أو الذهبية.",
    trustSupport: "دعم على مدار الساعة طوال أيام الأسبوع.",
    trustRefund:
      "استرداد المبلغ خلال 7 أيام إذا تعطلت الخدمة لأسباب تقنية؛ ويمكن إلغاء eSIM لم تُثبَّت خلال 24 ساعة من الشراء.",
  },
  destination: {
    title: (name, price) => `eSIM ${name}: باقات بيانات ابتداءً من ${price} – eSIM Store`,
    description: (name, price, planCount) =>
      `eSIM ${name}: باقات بيانات (${planCount}) ابتداءً من ${price}. قارن البيانات والمدة والسعر لكل جيغابايت، وادفع ببطاقة CIB أو الذهبية.`,
    keywords: (name) => `eSIM ${name}، باقة بيانات ${name}، الإنترنت في ${name}، سفر، تجوال، الجزائر`,
    heading: (name) => `eSIM ${name}`,
    intro: (name) => `باقات بيانات مدفوعة مسبقًا للسفر إلى ${name}، تُثبَّت في دقائق.`,
    durationLabel: "المدة",
    allDurations: "الكل",
    currencyLabel: "العملة",
    currencyDzd: "الدينار (DA)",
    currencyUsd: "الدولار ($)",
    usdEstimate: "المبالغ بالدولار تقديرية بسعر اليوم. تدفع بالدينار الجزائري حسب السعر بالدينار.",
    plansHeading: "الباقات",
    noPlans: "لا توجد باقة لهذه المدة. اختر مدة أخرى.",
    validity: (text) => `الصلاحية: ${text}`,
    pricePerGb: (price) => `${price} لكل جيغابايت`,
    compareAt: "بدلًا من",
    bestValue: "أفضل قيمة",
    bestValueRule: "أفضل قيمة: أقل سعر لكل جيغابايت بين الباقات المعروضة.",
    topUpYes: "قابلة لإعادة الشحن",
    topUpNo: "بدون إعادة شحن",
    hotspotYes: "مشاركة الاتصال مسموحة",
    hotspotNo: "بدون مشاركة الاتصال",
    fairUse: (highSpeed, slowSpeed) =>
      `الاستخدام العادل: سرعة عالية حتى ${highSpeed} يوميًا، ثم ${slowSpeed} حتى اليوم التالي.`,
    speedKbps: (value) => `${value} كيلوبت/ث`,
    speedMbps: (value) => `${value} ميغابت/ث`,
    fairUseGeneric: "الاستخدام العادل: قد تنخفض السرعة بعد استهلاك كبير.",
    choose: "اختيار هذه الباقة",
    chooseHint: "تسجّل الدخول أو تنشئ حسابًا عند الدفع.",
    coverageHeading: (count) => (count > 1 ? `التغطية: ${countries(count)}` : "التغطية والشبكات"),
    networksLabel: "الشبكات",
    regionalHeading: "هل تزور عدة دول؟",
    regionalSuggestion: ({ region, plan, regionPrice, otherCountry, twoCountriesPrice }) =>
      `باقة ${region} ${plan} تكلف ${regionPrice}، أقل من باقتين لدولتين (مثلًا هنا و${otherCountry}: ${twoCountriesPrice}).`,
    regionalLink: (region) => `عرض باقات ${region}`,
    validityDepends: "يختلف ذلك حسب الباقة، كما تبيّن كل بطاقة.",
    faqHeading: "الأسئلة الشائعة",
    faq: (name, validity) => [
      {
        question: `كيف تعمل eSIM في ${name}؟`,
        answer: "الـ eSIM شريحة رقمية: تثبّتها بمسح رمز QR دون بطاقة فعلية. ويبقى رقمك المعتاد في هاتفك.",
      },
      {
        question: "متى تبدأ الصلاحية؟",
        answer: validity,
      },
      {
        question: "هل يمكنني إجراء مكالمات أو إرسال رسائل قصيرة؟",
        answer: "لا: هذه باقات بيانات فقط. استخدم واتساب أو تطبيقًا آخر للاتصال.",
      },
      {
        question: "هل يمكنني إعادة شحن باقتي؟",
        answer: "نعم للباقات التي تحمل «قابلة لإعادة الشحن»: تضيف بيانات إلى الـ eSIM نفسها من حسابك.",
      },
      {
        question: "ماذا لو لم تعمل الـ eSIM؟",
        answer:
          "فريق الدعم متاح على مدار الساعة. إذا تعطلت الخدمة لأسباب تقنية يُسترد المبلغ خلال 7 أيام؛ ويمكن إلغاء eSIM لم تُثبَّت خلال 24 ساعة.",
      },
    ],
  },
  notFound: {
    title: "الصفحة غير موجودة – eSIM Store",
    heading: "لم نجد هذه الوجهة",
    text: "إنها غير موجودة أو لم تعد لها باقات معروضة للبيع.",
    back: "عرض كل الوجهات",
  },
  unavailable: {
    title: "المتجر غير متاح مؤقتًا – eSIM Store",
    heading: "المتجر غير متاح مؤقتًا",
    text: "لا يمكننا عرض الباقات الآن. أعد المحاولة بعد لحظات: لم يضع شيء.",
    retry: "إعادة المحاولة",
    footerLine: "باقات بيانات eSIM للسفر براحة بال",
  },
};
