// i18n.js - every text the page shows comes from one table per language
// (i18n/*.js, the same keys in each); the language is the visitor's
// choice kept in localStorage, else the first of navigator.languages we
// have, else English. The toy's own scrolling words and the PC link stay
// as the firmware sends them.
import en from './i18n/en.js';
import vi from './i18n/vi.js';
import zhHant from './i18n/zh-Hant.js';
import th from './i18n/th.js';

export const LANGS = { en, vi, 'zh-Hant': zhHant, th };
const STORE_KEY = 'nimweb-lang';

// 'zh-TW', 'zh-HK', 'zh-Hant-TW' and plain 'zh' all read Traditional
// Chinese here; the rest by their first subtag.
export function i18nMatch(tag) {
    const t = String(tag).toLowerCase();
    const base = t.split('-')[0];
    if (base === 'zh')
        return 'zh-Hant';
    return Object.keys(LANGS).find((l) => l.toLowerCase() === base) || null;
}

export function i18nPick(stored, navLangs) {
    if (stored && LANGS[stored])
        return stored;
    for (const tag of navLangs || []) {
        const l = i18nMatch(tag);
        if (l)
            return l;
    }
    return 'en';
}

export function i18nStored() {
    try { return localStorage.getItem(STORE_KEY); } catch { return null; }
}

export function i18nStore(lang) {
    try { localStorage.setItem(STORE_KEY, lang); } catch { /* private mode: not kept */ }
}

// The text of `key` in `lang`, with {name} filled from vars. A key missing
// in a language throws: the tests catch it, a visitor never meets English.
export function i18nText(lang, key, vars = {}) {
    const s = LANGS[lang][key];
    if (s === undefined)
        throw new Error(`i18n: no '${key}' in ${lang}`);
    return s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k]));
}

// Fills every element marked data-i18n (its text), data-i18n-title,
// data-i18n-label (aria-label) and data-i18n-placeholder under root.
export function i18nApply(root, lang, vars = {}) {
    const T = (k) => i18nText(lang, k, vars);
    for (const el of root.querySelectorAll('[data-i18n]'))
        el.textContent = T(el.dataset.i18n);
    for (const el of root.querySelectorAll('[data-i18n-title]'))
        el.title = T(el.dataset.i18nTitle);
    for (const el of root.querySelectorAll('[data-i18n-label]'))
        el.setAttribute('aria-label', T(el.dataset.i18nLabel));
    for (const el of root.querySelectorAll('[data-i18n-placeholder]'))
        el.placeholder = T(el.dataset.i18nPlaceholder);
}
