/**
 * The languages the public site is written in: the one place that lists them (decision 0054). Search keeps
 * one index per locale; a second language adds its code here, and its rows and pages follow.
 */
export const LOCALES = ['en', 'ml', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
