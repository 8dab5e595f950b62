/**
 * The install and activation guides' long texts, one module per language (fr.ts, en.ts, ar.ts) typed by this
 * file so the three stay in step (guide-routes.test.tsx also compares their shapes). They ship with the guide
 * route chunks, not with the locale catalogs the first screen loads, and the service worker precaches them.
 */

/** Where a setting is, menu by menu, named as the phone names it in this language. */
export type MenuPath = readonly string[];

/** One thing to do. An Android step in the phone's settings names Samsung's menus and Pixel's apart. */
export interface GuideStep {
  text: string;
  /** iPhone: the menus to go through. */
  path?: MenuPath;
  /** Android: Samsung (One UI). */
  samsung?: MenuPath;
  /** Android: Pixel, and most other Android phones. */
  pixel?: MenuPath;
}

export interface GuideSection {
  title: string;
  intro: string;
  steps: readonly GuideStep[];
  /** A caveat shown after the steps (a version needed, a fallback). */
  note?: string;
}

export interface PlatformInstallation {
  oneTap: GuideSection;
  qrOtherScreen: GuideSection;
  qrSavedImage: GuideSection;
  manual: GuideSection;
}

export interface PlatformActivation {
  turnOnLine: GuideSection;
  dataLine: GuideSection;
  roaming: GuideSection;
  apn: GuideSection;
}

export interface GuideContent {
  hub: {
    intro: string;
    installation: string;
    activation: string;
    moreHelp: string;
    offline: string;
  };
  installation: {
    intro: string;
    beforeYouStart: { title: string; items: readonly string[] };
    /** Shown on Android: Samsung's and Pixel's menus differ, and what other phones do. */
    androidBrands: string;
    iphone: PlatformInstallation;
    android: PlatformInstallation;
    after: { title: string; text: string };
  };
  activation: {
    intro: string;
    androidBrands: string;
    iphone: PlatformActivation;
    android: PlatformActivation;
    noSignal: {
      title: string;
      intro: string;
      iphone: readonly GuideStep[];
      android: readonly GuideStep[];
      /** The last resort, shown beside the link to support. */
      support: string;
    };
  };
}
