import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';

/** The console's languages: English and Simplified Chinese. */
export type Lang = 'en' | 'zh';

const STORAGE_KEY = 'meridian.lang';

/** The remembered choice, else the browser's language. */
function initialLang(): Lang {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'zh') return stored;
  return navigator.languages.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}

void i18next.use(initReactI18next).init({
  lng: initialLang(),
  fallbackLng: 'en',
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false },
  saveMissing: true,
  // A key missing from a catalogue is a bug: the browser tests fail on console errors.
  missingKeyHandler: (_langs, ns, key) => console.error(`missing translation: ${ns}:${key}`),
});
document.documentElement.lang = i18next.language === 'zh' ? 'zh-CN' : 'en';

/** Switches the language and remembers it. */
export function setLang(lang: Lang): void {
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  void i18next.changeLanguage(lang);
}

/** The language in force. */
export function currentLang(): Lang {
  return i18next.language === 'zh' ? 'zh' : 'en';
}

/** A translate function over one catalogue's keys; `{{name}}` placeholders take `vars`. */
export type Translate<K extends string> = (key: K, vars?: Record<string, string | number>) => string;

/**
 * A catalogue of messages in both languages. Chinese must name exactly the English keys (the
 * type checker refuses a missing or extra one). Returns the hook a component calls.
 */
export function defineMessages<K extends string>(namespace: string, en: Record<K, string>, zh: Record<K, string>): () => Translate<K> {
  i18next.addResourceBundle('en', namespace, en);
  i18next.addResourceBundle('zh', namespace, zh);
  return function useMessages() {
    const { t } = useTranslation(namespace);
    return t as unknown as Translate<K>;
  };
}
