// Drugs taken once a week (or less often) whose daily intake is a known, dangerous mistake: a
// methotrexate dose taken every day instead of once a week has killed patients. Saving one of them
// with a schedule more frequent than weekly needs `confirmed: true` (400 confirm_weekly_drug).
// One entry per drug: its name in each of the app's 8 languages (what the warning calls it) and,
// in `also`, other ways a patient may type it (acid forms, salts, the brand names on the box).
// Sources: the INN names and the national formularies'
// spellings; drafts like the catalogs (docs/translating.md), to be reviewed with them.

export interface WeeklyDrug {
  /** The name as each language writes it: the warning's {drug}. */
  names: Record<"en" | "es" | "fr" | "de" | "pt" | "hi" | "ar" | "zh", string>;
  /** More spellings that match (acid forms, salts, brands): never shown. */
  also: readonly string[];
}

export const WEEKLY_DRUGS: readonly WeeklyDrug[] = [
  {
    names: {
      en: "Methotrexate",
      es: "Metotrexato",
      fr: "Méthotrexate",
      de: "Methotrexat",
      pt: "Metotrexato",
      hi: "मेथोट्रेक्सेट",
      ar: "ميثوتريكسات",
      zh: "甲氨蝶呤",
    },
    also: [
      "Amethopterin",
      "Metotreksat",
      "ميثوتركسات",
      // Brands (US, EU, DE, FR): Trexall, Otrexup, Rasuvo, Xatmep, Jylamvo, Metoject, Lantarel, Metex, Novatrex, Imeth.
      "Trexall",
      "Otrexup",
      "Rasuvo",
      "Xatmep",
      "Jylamvo",
      "Metoject",
      "Lantarel",
      "Metex",
      "Novatrex",
      "Imeth",
    ],
  },
  {
    names: {
      en: "Alendronate",
      es: "Alendronato",
      fr: "Alendronate",
      de: "Alendronat",
      pt: "Alendronato",
      hi: "एलेंड्रोनेट",
      ar: "أليندرونات",
      zh: "阿仑膦酸",
    },
    also: [
      "Alendronic acid",
      "Ácido alendrónico",
      "Acide alendronique",
      "Alendronsäure",
      "Ácido alendrônico",
      "ألندرونات",
      "Fosamax",
      "Fosavance",
      "Binosto",
      "福善美",
    ],
  },
  {
    names: {
      en: "Risedronate",
      es: "Risedronato",
      fr: "Risédronate",
      de: "Risedronat",
      pt: "Risedronato",
      hi: "राइसेड्रोनेट",
      ar: "ريسيدرونات",
      zh: "利塞膦酸",
    },
    also: ["Risedronic acid", "Ácido risedrónico", "Acide risédronique", "Risedronsäure", "Ácido risedrônico", "Actonel", "Atelvia"],
  },
  {
    names: {
      en: "Ibandronate",
      es: "Ibandronato",
      fr: "Ibandronate",
      de: "Ibandronat",
      pt: "Ibandronato",
      hi: "आइबैंड्रोनेट",
      ar: "إيباندرونات",
      zh: "伊班膦酸",
    },
    also: ["Ibandronic acid", "Ácido ibandrónico", "Acide ibandronique", "Ibandronsäure", "Ácido ibandrônico", "Boniva", "Bonviva"],
  },
];
