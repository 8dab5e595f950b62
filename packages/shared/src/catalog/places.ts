/**
 * Cities and airports travellers from Algeria type when they mean a country: "Istanbul", "Makkah", "دبي", "CDG".
 * The destination search (API) leads each to its country and says which place it matched ("Istanbul → Turkey").
 *
 * Place names are data, like the countries' names that come from CLDR (Intl.DisplayNames): proper nouns with their
 * usual French, English and Arabic spellings, not interface words (those live in the message catalogue).
 *
 * Sources (2026-11): the destinations of flights from Algiers, Oran and Constantine (Air Algérie's network and the
 * airports' published routes), the busiest destinations of Algerian travellers (Umrah and Hajj, Turkey, France,
 * Spain, Tunisia, the Gulf, China for trade, South-East Asia for holidays), and each city's Wikipedia article in
 * the three languages for spellings and IATA airport codes (IATA Airline Coding Directory).
 */
export interface Place {
  /** ISO 3166-1 alpha-2 of the country the place is in. */
  country: string;
  names: { fr: string; en: string; ar: string };
  /** IATA codes of the place's airports, upper case. */
  airports: readonly string[];
  /** Other spellings travellers type ("Makkah", "Saigon"). */
  aliases: readonly string[];
}

function place(
  country: string,
  [fr, en, ar]: readonly [string, string, string],
  airports = "",
  aliases: readonly string[] = [],
): Place {
  return { country, names: { fr, en, ar }, airports: airports.split(" ").filter(Boolean), aliases };
}

export const PLACES: readonly Place[] = [
  // Turkey
  place("TR", ["Istanbul", "Istanbul", "إسطنبول"], "IST SAW", ["Stamboul", "İstanbul"]),
  place("TR", ["Antalya", "Antalya", "أنطاليا"], "AYT"),
  place("TR", ["Ankara", "Ankara", "أنقرة"], "ESB"),
  place("TR", ["Izmir", "Izmir", "إزمير"], "ADB"),
  place("TR", ["Bodrum", "Bodrum", "بودروم"], "BJV"),
  place("TR", ["Dalaman", "Dalaman", "دالامان"], "DLM"),
  place("TR", ["Trabzon", "Trabzon", "طرابزون"], "TZX", ["Trébizonde"]),
  place("TR", ["Bursa", "Bursa", "بورصة"], "YEI"),
  place("TR", ["Cappadoce", "Cappadocia", "كابادوكيا"], "NAV ASR", ["Göreme", "Nevşehir", "Kayseri"]),
  // France
  place("FR", ["Paris", "Paris", "باريس"], "CDG ORY BVA", ["Roissy", "Orly", "Beauvais"]),
  place("FR", ["Marseille", "Marseille", "مرسيليا"], "MRS"),
  place("FR", ["Lyon", "Lyon", "ليون"], "LYS"),
  place("FR", ["Nice", "Nice", "نيس"], "NCE"),
  place("FR", ["Toulouse", "Toulouse", "تولوز"], "TLS"),
  place("FR", ["Bordeaux", "Bordeaux", "بوردو"], "BOD"),
  place("FR", ["Lille", "Lille", "ليل"], "LIL"),
  place("FR", ["Montpellier", "Montpellier", "مونبلييه"], "MPL"),
  place("FR", ["Nantes", "Nantes", "نانت"], "NTE"),
  place("FR", ["Strasbourg", "Strasbourg", "ستراسبورغ"], "SXB"),
  place("FR", ["Mulhouse", "Mulhouse", "ميلوز"], "MLH"),
  place("FR", ["Metz", "Metz", "ميتز"], "ETZ"),
  place("FR", ["Saint-Étienne", "Saint-Étienne", "سانت إتيان"], "EBU"),
  // Spain
  place("ES", ["Barcelone", "Barcelona", "برشلونة"], "BCN"),
  place("ES", ["Madrid", "Madrid", "مدريد"], "MAD"),
  place("ES", ["Alicante", "Alicante", "أليكانتي"], "ALC"),
  place("ES", ["Valence", "Valencia", "فالنسيا"], "VLC"),
  place("ES", ["Séville", "Seville", "إشبيلية"], "SVQ", ["Sevilla"]),
  place("ES", ["Malaga", "Malaga", "مالقة"], "AGP", ["Málaga"]),
  place("ES", ["Grenade", "Granada", "غرناطة"], "GRX"),
  place("ES", ["Palma de Majorque", "Palma de Mallorca", "بالما دي مايوركا"], "PMI", ["Majorque", "Mallorca"]),
  place("ES", ["Ibiza", "Ibiza", "إيبيزا"], "IBZ"),
  place("ES", ["Tenerife", "Tenerife", "تينيريفي"], "TFS TFN", ["Canaries", "Canary Islands"]),
  // Italy
  place("IT", ["Rome", "Rome", "روما"], "FCO CIA", ["Roma", "Fiumicino"]),
  place("IT", ["Milan", "Milan", "ميلانو"], "MXP LIN BGY", ["Milano", "Bergame", "Bergamo"]),
  place("IT", ["Naples", "Naples", "نابولي"], "NAP", ["Napoli"]),
  place("IT", ["Venise", "Venice", "البندقية"], "VCE", ["Venezia", "فينيسيا"]),
  place("IT", ["Florence", "Florence", "فلورنسا"], "FLR", ["Firenze"]),
  place("IT", ["Palerme", "Palermo", "باليرمو"], "PMO"),
  place("IT", ["Catane", "Catania", "كاتانيا"], "CTA", ["Sicile", "Sicily"]),
  place("IT", ["Turin", "Turin", "تورينو"], "TRN", ["Torino"]),
  // Saudi Arabia: Umrah and Hajj
  place("SA", ["La Mecque", "Mecca", "مكة المكرمة"], "", ["Makkah", "Mecque", "مكة"]),
  place("SA", ["Médine", "Medina", "المدينة المنورة"], "MED", ["Madinah", "Madina"]),
  place("SA", ["Djeddah", "Jeddah", "جدة"], "JED", ["Jeddah", "Jiddah", "Djedda"]),
  place("SA", ["Riyad", "Riyadh", "الرياض"], "RUH"),
  place("SA", ["Dammam", "Dammam", "الدمام"], "DMM"),
  place("SA", ["Taïf", "Taif", "الطائف"], "TIF"),
  // United Arab Emirates
  place("AE", ["Dubaï", "Dubai", "دبي"], "DXB DWC"),
  place("AE", ["Abou Dabi", "Abu Dhabi", "أبوظبي"], "AUH", ["Abu Dhabi", "أبو ظبي"]),
  place("AE", ["Charjah", "Sharjah", "الشارقة"], "SHJ"),
  // Tunisia
  place("TN", ["Tunis", "Tunis", "تونس العاصمة"], "TUN", ["Carthage"]),
  place("TN", ["Djerba", "Djerba", "جربة"], "DJE", ["Jerba"]),
  place("TN", ["Monastir", "Monastir", "المنستير"], "MIR"),
  place("TN", ["Sousse", "Sousse", "سوسة"]),
  place("TN", ["Hammamet", "Hammamet", "الحمامات"]),
  place("TN", ["Enfidha", "Enfidha", "النفيضة"], "NBE"),
  place("TN", ["Sfax", "Sfax", "صفاقس"], "SFA"),
  place("TN", ["Tabarka", "Tabarka", "طبرقة"], "TBJ"),
  place("TN", ["Tozeur", "Tozeur", "توزر"], "TOE"),
  // Morocco
  place("MA", ["Casablanca", "Casablanca", "الدار البيضاء"], "CMN"),
  place("MA", ["Marrakech", "Marrakesh", "مراكش"], "RAK", ["Marrakech"]),
  place("MA", ["Rabat", "Rabat", "الرباط"], "RBA"),
  place("MA", ["Fès", "Fez", "فاس"], "FEZ", ["Fes"]),
  place("MA", ["Tanger", "Tangier", "طنجة"], "TNG"),
  place("MA", ["Agadir", "Agadir", "أكادير"], "AGA"),
  place("MA", ["Oujda", "Oujda", "وجدة"], "OUD"),
  // Egypt
  place("EG", ["Le Caire", "Cairo", "القاهرة"], "CAI", ["Caire"]),
  place("EG", ["Charm el-Cheikh", "Sharm El Sheikh", "شرم الشيخ"], "SSH"),
  place("EG", ["Hurghada", "Hurghada", "الغردقة"], "HRG"),
  place("EG", ["Alexandrie", "Alexandria", "الإسكندرية"], "HBE"),
  place("EG", ["Louxor", "Luxor", "الأقصر"], "LXR"),
  // Germany
  place("DE", ["Berlin", "Berlin", "برلين"], "BER"),
  place("DE", ["Francfort", "Frankfurt", "فرانكفورت"], "FRA"),
  place("DE", ["Munich", "Munich", "ميونخ"], "MUC", ["München"]),
  place("DE", ["Düsseldorf", "Düsseldorf", "دوسلدورف"], "DUS"),
  place("DE", ["Hambourg", "Hamburg", "هامبورغ"], "HAM"),
  place("DE", ["Cologne", "Cologne", "كولونيا"], "CGN", ["Köln"]),
  // United Kingdom and Ireland
  place("GB", ["Londres", "London", "لندن"], "LHR LGW STN LTN LCY", ["Heathrow", "Gatwick"]),
  place("GB", ["Manchester", "Manchester", "مانشستر"], "MAN"),
  place("GB", ["Birmingham", "Birmingham", "برمنغهام"], "BHX"),
  place("GB", ["Édimbourg", "Edinburgh", "إدنبرة"], "EDI", ["Ecosse", "Scotland"]),
  place("IE", ["Dublin", "Dublin", "دبلن"], "DUB"),
  // North America
  place("US", ["New York", "New York", "نيويورك"], "JFK EWR LGA", ["NYC"]),
  place("US", ["Los Angeles", "Los Angeles", "لوس أنجلوس"], "LAX"),
  place("US", ["Miami", "Miami", "ميامي"], "MIA"),
  place("US", ["Washington", "Washington", "واشنطن"], "IAD DCA"),
  place("US", ["Chicago", "Chicago", "شيكاغو"], "ORD"),
  place("US", ["San Francisco", "San Francisco", "سان فرانسيسكو"], "SFO"),
  place("US", ["Las Vegas", "Las Vegas", "لاس فيغاس"], "LAS"),
  place("US", ["Orlando", "Orlando", "أورلاندو"], "MCO"),
  place("CA", ["Montréal", "Montreal", "مونتريال"], "YUL"),
  place("CA", ["Toronto", "Toronto", "تورونتو"], "YYZ"),
  place("CA", ["Québec", "Quebec City", "مدينة كيبك"], "YQB"),
  place("CA", ["Ottawa", "Ottawa", "أوتاوا"], "YOW"),
  place("CA", ["Vancouver", "Vancouver", "فانكوفر"], "YVR"),
  place("MX", ["Cancún", "Cancun", "كانكون"], "CUN"),
  // China and East Asia
  place("CN", ["Pékin", "Beijing", "بكين"], "PEK PKX", ["Peking"]),
  place("CN", ["Shanghai", "Shanghai", "شنغهاي"], "PVG SHA"),
  place("CN", ["Canton", "Guangzhou", "قوانغتشو"], "CAN", ["غوانزو"]),
  place("CN", ["Shenzhen", "Shenzhen", "شنجن"], "SZX"),
  place("CN", ["Yiwu", "Yiwu", "ييوو"], "YIW"),
  place("HK", ["Hong Kong", "Hong Kong", "هونغ كونغ"], "HKG"),
  place("JP", ["Tokyo", "Tokyo", "طوكيو"], "HND NRT"),
  place("JP", ["Osaka", "Osaka", "أوساكا"], "KIX"),
  place("JP", ["Kyoto", "Kyoto", "كيوتو"]),
  place("KR", ["Séoul", "Seoul", "سيول"], "ICN GMP"),
  // South-East Asia
  place("MY", ["Kuala Lumpur", "Kuala Lumpur", "كوالالمبور"], "KUL", ["كوالا لمبور"]),
  place("MY", ["Penang", "Penang", "بينانغ"], "PEN"),
  place("MY", ["Langkawi", "Langkawi", "لنكاوي"], "LGK"),
  place("TH", ["Bangkok", "Bangkok", "بانكوك"], "BKK DMK"),
  place("TH", ["Phuket", "Phuket", "بوكيت"], "HKT"),
  place("TH", ["Pattaya", "Pattaya", "باتايا"], "UTP"),
  place("TH", ["Chiang Mai", "Chiang Mai", "شيانغ ماي"], "CNX"),
  place("ID", ["Bali", "Bali", "بالي"], "DPS", ["Denpasar"]),
  place("ID", ["Jakarta", "Jakarta", "جاكرتا"], "CGK"),
  place("VN", ["Hanoï", "Hanoi", "هانوي"], "HAN"),
  place("VN", ["Hô Chi Minh-Ville", "Ho Chi Minh City", "مدينة هو تشي منه"], "SGN", ["Saigon", "Saïgon"]),
  place("PH", ["Manille", "Manila", "مانيلا"], "MNL"),
  place("MV", ["Malé", "Male", "ماليه"], "MLE"),
  // The Gulf and the Middle East
  place("QA", ["Doha", "Doha", "الدوحة"], "DOH"),
  place("OM", ["Mascate", "Muscat", "مسقط"], "MCT"),
  place("BH", ["Manama", "Manama", "المنامة"], "BAH"),
  place("JO", ["Amman", "Amman", "عمّان"], "AMM"),
  place("LB", ["Beyrouth", "Beirut", "بيروت"], "BEY"),
  place("IQ", ["Bagdad", "Baghdad", "بغداد"], "BGW"),
  // Europe
  place("NL", ["Amsterdam", "Amsterdam", "أمستردام"], "AMS"),
  place("BE", ["Bruxelles", "Brussels", "بروكسل"], "BRU CRL", ["Charleroi"]),
  place("CH", ["Genève", "Geneva", "جنيف"], "GVA"),
  place("CH", ["Zurich", "Zurich", "زيورخ"], "ZRH"),
  place("CH", ["Bâle", "Basel", "بازل"], "BSL"),
  place("AT", ["Vienne", "Vienna", "فيينا"], "VIE", ["Wien"]),
  place("PT", ["Lisbonne", "Lisbon", "لشبونة"], "LIS", ["Lisboa"]),
  place("PT", ["Porto", "Porto", "بورتو"], "OPO"),
  place("GR", ["Athènes", "Athens", "أثينا"], "ATH"),
  place("CZ", ["Prague", "Prague", "براغ"], "PRG"),
  place("HU", ["Budapest", "Budapest", "بودابست"], "BUD"),
  place("PL", ["Varsovie", "Warsaw", "وارسو"], "WAW"),
  place("SE", ["Stockholm", "Stockholm", "ستوكهولم"], "ARN"),
  place("DK", ["Copenhague", "Copenhagen", "كوبنهاغن"], "CPH"),
  place("NO", ["Oslo", "Oslo", "أوسلو"], "OSL"),
  place("MT", ["La Valette", "Valletta", "فاليتا"], "MLA"),
  place("CY", ["Larnaca", "Larnaca", "لارنكا"], "LCA"),
  place("BA", ["Sarajevo", "Sarajevo", "سراييفو"], "SJJ"),
  place("AL", ["Tirana", "Tirana", "تيرانا"], "TIA"),
  place("RU", ["Moscou", "Moscow", "موسكو"], "SVO DME VKO"),
  place("RU", ["Saint-Pétersbourg", "Saint Petersburg", "سانت بطرسبرغ"], "LED"),
  place("AZ", ["Bakou", "Baku", "باكو"], "GYD"),
  place("GE", ["Tbilissi", "Tbilisi", "تبليسي"], "TBS"),
  place("UZ", ["Tachkent", "Tashkent", "طشقند"], "TAS"),
  place("UZ", ["Samarcande", "Samarkand", "سمرقند"], "SKD"),
  // Africa
  place("LY", ["Tripoli", "Tripoli", "طرابلس"], "MJI TIP"),
  place("SN", ["Dakar", "Dakar", "داكار"], "DSS"),
  place("CI", ["Abidjan", "Abidjan", "أبيدجان"], "ABJ"),
  place("ML", ["Bamako", "Bamako", "باماكو"], "BKO"),
  place("NE", ["Niamey", "Niamey", "نيامي"], "NIM"),
  place("MR", ["Nouakchott", "Nouakchott", "نواكشوط"], "NKC"),
  place("ZA", ["Le Cap", "Cape Town", "كيب تاون"], "CPT"),
  place("ZA", ["Johannesbourg", "Johannesburg", "جوهانسبرغ"], "JNB"),
  place("KE", ["Nairobi", "Nairobi", "نيروبي"], "NBO"),
  place("TZ", ["Zanzibar", "Zanzibar", "زنجبار"], "ZNZ"),
  // Algeria (travellers coming home, or flying between cities)
  place("DZ", ["Alger", "Algiers", "الجزائر العاصمة"], "ALG"),
  place("DZ", ["Oran", "Oran", "وهران"], "ORN"),
  place("DZ", ["Constantine", "Constantine", "قسنطينة"], "CZL"),
  // The rest of the world
  place("IN", ["New Delhi", "New Delhi", "نيودلهي"], "DEL", ["Delhi"]),
  place("IN", ["Bombay", "Mumbai", "مومباي"], "BOM"),
  place("BR", ["Rio de Janeiro", "Rio de Janeiro", "ريو دي جانيرو"], "GIG"),
  place("BR", ["São Paulo", "São Paulo", "ساو باولو"], "GRU"),
  place("AR", ["Buenos Aires", "Buenos Aires", "بوينس آيرس"], "EZE"),
  place("AU", ["Sydney", "Sydney", "سيدني"], "SYD"),
  place("AU", ["Melbourne", "Melbourne", "ملبورن"], "MEL"),
];
